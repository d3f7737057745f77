import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import type { FilterOption } from './table-types.ts';

interface ColumnFilterButtonProps {
  header: string;
  value: string;
  options?: readonly FilterOption[];
  onChange: (value: string) => void;
}

/** The funnel in a column header: a popover with a text box or a choice, Apply and Clear. */
export function ColumnFilterButton({ header, value, options, onChange }: ColumnFilterButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [draft, setDraft] = useState(value);
  const id = useId();
  const open = (element: HTMLElement) => {
    setDraft(value);
    setAnchor(element);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onChange(draft.trim());
    setAnchor(null);
  };
  const clear = () => {
    onChange('');
    setAnchor(null);
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Filter ${header}`}
        aria-haspopup="dialog"
        aria-controls={anchor ? id : undefined}
        color={value ? 'primary' : 'default'}
        onClick={(event) => open(event.currentTarget)}
      >
        <FilterListIcon fontSize="inherit" />
      </IconButton>
      <Popover
        id={id}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': `Filter ${header}` } }}
      >
        <Box component="form" onSubmit={apply} sx={{ p: 2, display: 'grid', gap: 1.5, width: 260 }}>
          {options ? (
            <TextField
              select
              size="small"
              label={header}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              autoFocus
            >
              <MenuItem value="">
                <em>Any</em>
              </MenuItem>
              {options.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <TextField
              size="small"
              label={header}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              autoFocus
            />
          )}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            <Button onClick={clear}>Clear</Button>
            <Button type="submit" variant="contained">
              Apply
            </Button>
          </Box>
        </Box>
      </Popover>
    </>
  );
}
