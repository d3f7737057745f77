import DownloadIcon from '@mui/icons-material/Download';
import ImageIcon from '@mui/icons-material/Image';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import {
  centsAsDecimal,
  chartGroupByLabels,
  type ChartResult,
  type ChartType,
} from '@portal/contract/reporting';
import { dollars } from '@portal/contract/resources/sales';
import { useRef } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { downloadCsv, saveFile } from '../../platform/data-table/export-files.ts';

const PALETTE = ['#1565c0', '#2e7d32', '#ef6c00', '#6a1b9a', '#c62828', '#00838f', '#4e342e'];

/** Draws the chart's SVG on a canvas (white background) and downloads it as a PNG. */
async function downloadPng(svg: SVGSVGElement, fileName: string) {
  const { width, height } = svg.getBoundingClientRect();
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  const url = URL.createObjectURL(
    new Blob([new XMLSerializer().serializeToString(copy)], { type: 'image/svg+xml' }),
  );
  try {
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('The chart could not be drawn'));
      image.src = url;
    });
    const scale = 2;
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(width * scale);
    canvas.height = Math.ceil(height * scale);
    const context = canvas.getContext('2d');
    if (!context) return;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (blob) saveFile(blob, fileName);
  } finally {
    URL.revokeObjectURL(url);
  }
}

const safeName = (name: string) => name.replace(/[^\w .-]+/g, '').trim() || 'chart';

/**
 * One chart's figures as a bar, line or pie chart (recharts) or a table, with PNG and CSV export.
 * Loaded only by the reporting pages and a OneView chart widget (both lazy). `compact`: only the
 * chart, filling its box (a OneView widget), its caption for screen readers.
 */
export function ChartView({
  result,
  type,
  name,
  compact = false,
}: {
  result: ChartResult;
  type: ChartType;
  name: string;
  compact?: boolean;
}) {
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const data = result.points.map((p) => ({ label: p.label, value: p.value }));
  const groupLabel = chartGroupByLabels[result.group_by];
  // A money measure's values are integer cents: shown as dollars, exported with two decimals.
  const show = (value: number) => (result.money ? dollars(value) : String(value));
  const tooltipValue = (value: unknown) => show(Number(value));
  const exportCsv = () =>
    downloadCsv({
      reportName: name,
      headers: [groupLabel, result.money ? `${result.measure_label} ($)` : result.measure_label],
      rows: result.points.map((p) => [p.label, result.money ? centsAsDecimal(p.value) : p.value]),
    });
  const exportPng = () => {
    const svg = box.current?.querySelector<SVGSVGElement>('svg.recharts-surface');
    if (svg) void downloadPng(svg, `${safeName(name)}.png`);
  };
  const axisColor = theme.palette.text.secondary;
  const chart =
    type === 'bar' ? (
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 48, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" angle={-30} textAnchor="end" interval={0} stroke={axisColor} />
        <YAxis stroke={axisColor} tickFormatter={show} />
        <Tooltip formatter={tooltipValue} />
        <Bar dataKey="value" name={result.measure_label} fill={PALETTE[0]} />
      </BarChart>
    ) : type === 'line' ? (
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 48, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" angle={-30} textAnchor="end" stroke={axisColor} />
        <YAxis stroke={axisColor} tickFormatter={show} />
        <Tooltip formatter={tooltipValue} />
        <Line
          type="monotone"
          dataKey="value"
          name={result.measure_label}
          stroke={PALETTE[0]}
          strokeWidth={2}
          dot={false}
        />
      </LineChart>
    ) : (
      <PieChart>
        <Tooltip formatter={tooltipValue} />
        <Legend />
        <Pie data={data} dataKey="value" nameKey="label" outerRadius="75%">
          {data.map((point, index) => (
            <Cell key={point.label} fill={PALETTE[index % PALETTE.length]} />
          ))}
        </Pie>
      </PieChart>
    );
  const caption = `${result.measure_label} · ${result.scope_name} · ${result.from} to ${result.to} · total ${show(result.total)}`;
  return (
    <Stack spacing={1} sx={{ minWidth: 0, height: compact ? '100%' : undefined }}>
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          flexWrap: 'wrap',
          gap: 1,
          justifyContent: 'space-between',
          display: compact ? 'none' : 'flex',
        }}
      >
        <Typography color="text.secondary">{caption}</Typography>
        <Stack direction="row" spacing={1}>
          <Button size="small" startIcon={<DownloadIcon />} onClick={exportCsv}>
            CSV
          </Button>
          {type !== 'table' && (
            <Button size="small" startIcon={<ImageIcon />} onClick={exportPng}>
              PNG
            </Button>
          )}
        </Stack>
      </Stack>
      {result.points.length === 0 ? (
        <Typography sx={{ py: compact ? 1 : 4, textAlign: 'center' }}>
          No data for this chart
        </Typography>
      ) : type === 'table' ? (
        <Box sx={{ overflow: 'auto', flex: compact ? 1 : undefined, minHeight: 0 }}>
          <Table size="small" aria-label={name}>
            <TableHead>
              <TableRow>
                <TableCell>{groupLabel}</TableCell>
                <TableCell align="right">{result.measure_label}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.points.map((p) => (
                <TableRow key={p.key}>
                  <TableCell>{p.label}</TableCell>
                  <TableCell align="right">{show(p.value)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : (
        <Box
          ref={box}
          role="img"
          aria-label={compact ? `${name}: ${caption}` : `${name}: ${result.measure_label}`}
          sx={{
            width: '100%',
            height: compact ? undefined : 360,
            flex: compact ? 1 : undefined,
            minWidth: 0,
            minHeight: 0,
          }}
        >
          <ResponsiveContainer width="100%" height="100%">
            {chart}
          </ResponsiveContainer>
        </Box>
      )}
    </Stack>
  );
}
