import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BulkRowError } from '@portal/contract/platform';
import { useState } from 'react';
import { DataTable } from '../data-table/DataTable.tsx';
import { saveFile } from '../data-table/export-files.ts';
import type { DataColumn } from '../data-table/table-types.ts';

export interface CsvFileFieldProps {
  csv: string;
  /** The new text: read from a chosen file, or typed into the box. */
  onChange: (csv: string, from: 'file' | 'typed') => void;
  /** The template's text and its file name, offered by "Download template". */
  template: { csv: string; fileName: string };
  placeholder: string;
}

/**
 * The CSV of an upload with a preview (/csv-order, /accessory-recon-upload): "Choose CSV file"
 * with the chosen file's name, "Download template" and the CSV box, which the file fills and
 * which can be typed into.
 */
export function CsvFileField({ csv, onChange, template, placeholder }: CsvFileFieldProps) {
  const [fileName, setFileName] = useState('');
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    onChange(await file.text(), 'file');
  };
  return (
    <>
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap alignItems="center">
        <Button variant="outlined" component="label">
          Choose CSV file
          <input
            type="file"
            accept=".csv,text/csv"
            hidden
            aria-label="CSV file"
            onChange={(event) => void readFile(event.target.files?.[0])}
          />
        </Button>
        <Typography variant="body2">{fileName || 'No file chosen'}</Typography>
        <Button
          onClick={() =>
            saveFile(new Blob([template.csv], { type: 'text/csv' }), template.fileName)
          }
        >
          Download template
        </Button>
      </Stack>
      <TextField
        label="CSV"
        multiline
        minRows={4}
        value={csv}
        onChange={(event) => onChange(event.target.value, 'typed')}
        placeholder={placeholder}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
    </>
  );
}

const problemColumns: DataColumn<BulkRowError>[] = [
  { id: 'line', header: 'Line', value: (row) => row.line, align: 'right' },
  { id: 'field', header: 'Column', value: (row) => row.field ?? '' },
  { id: 'message', header: 'Problem', value: (row) => row.message },
];

/** "Problems in the file": a refused file's rows by line and column, exportable. */
export function CsvProblemsTable({
  errors,
  reportName,
}: {
  errors: BulkRowError[];
  reportName: string;
}) {
  return (
    <DataTable
      label="Problems in the file"
      reportName={reportName}
      columns={problemColumns}
      rows={errors}
      getRowId={(row) => `${row.line}-${row.field ?? ''}-${row.message}`}
    />
  );
}
