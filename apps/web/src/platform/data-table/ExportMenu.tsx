import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';

interface ExportMenuProps {
  busy: boolean;
  onExport: (format: 'csv' | 'pdf') => void;
}

/** Export as CSV or PDF, made in the browser. */
export function ExportMenu({ busy, onExport }: ExportMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (format: 'csv' | 'pdf') => {
    setAnchor(null);
    onExport(format);
  };
  return (
    <>
      <Button
        startIcon={<FileDownloadIcon />}
        aria-haspopup="menu"
        disabled={busy}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {busy ? 'Exporting…' : 'Export'}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose('csv')}>CSV</MenuItem>
        <MenuItem onClick={() => choose('pdf')}>PDF</MenuItem>
      </Menu>
    </>
  );
}
