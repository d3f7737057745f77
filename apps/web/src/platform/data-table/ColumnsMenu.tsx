import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';

export interface ColumnToggle {
  id: string;
  header: string;
  visible: boolean;
}

interface ColumnsMenuProps {
  columns: readonly ColumnToggle[];
  onToggle: (id: string, visible: boolean) => void;
  onToggleAll: (visible: boolean) => void;
}

/** Column show/hide, with Select all (SPEC.md section 2). */
export function ColumnsMenu({ columns, onToggle, onToggleAll }: ColumnsMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const allVisible = columns.every((column) => column.visible);
  const someVisible = columns.some((column) => column.visible);
  return (
    <>
      <Button
        startIcon={<ViewColumnIcon />}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Columns
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          role="menuitemcheckbox"
          aria-checked={allVisible}
          onClick={() => onToggleAll(!allVisible)}
        >
          <ListItemIcon>
            <Checkbox
              edge="start"
              size="small"
              checked={allVisible}
              indeterminate={someVisible && !allVisible}
              tabIndex={-1}
              disableRipple
              slotProps={{ input: { 'aria-hidden': true } }}
            />
          </ListItemIcon>
          <ListItemText primary="Select all" />
        </MenuItem>
        <Divider />
        {columns.map((column) => (
          <MenuItem
            key={column.id}
            role="menuitemcheckbox"
            aria-checked={column.visible}
            onClick={() => onToggle(column.id, !column.visible)}
          >
            <ListItemIcon>
              <Checkbox
                edge="start"
                size="small"
                checked={column.visible}
                tabIndex={-1}
                disableRipple
                slotProps={{ input: { 'aria-hidden': true } }}
              />
            </ListItemIcon>
            <ListItemText primary={column.header} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
