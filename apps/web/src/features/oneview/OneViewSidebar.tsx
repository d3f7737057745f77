import EditIcon from '@mui/icons-material/Edit';
import SaveIcon from '@mui/icons-material/Save';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { oneviewModeButtons } from '@portal/contract/oneview';
import { useLocation, useNavigate } from 'react-router';
import { hasPermission } from '../auth/session.ts';
import {
  saveOneview,
  setOneviewEditMode,
  toggleOneviewEdit,
  useOneviewEdit,
} from './edit-state.ts';

export const ONEVIEW_PATH = '/oneview';

/**
 * The sidebar's OneView mode (SPEC.md section 2): under the OneView item, Edit (write_oneview);
 * while editing, the mode buttons A (Admin), M (Manager), E (Employee) and Save.
 */
export function OneViewSidebarControls({ onNavigate }: { onNavigate?: () => void }) {
  const { isEdit, editMode, saving } = useOneviewEdit();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!hasPermission('write_oneview')) return null;
  const onPage = pathname === ONEVIEW_PATH;
  return (
    <Stack component="li" spacing={1} sx={{ px: 2, py: 1 }}>
      <Button
        size="small"
        variant={isEdit && onPage ? 'contained' : 'outlined'}
        startIcon={<EditIcon />}
        aria-pressed={isEdit && onPage}
        onClick={() => {
          if (!onPage) {
            if (!isEdit) toggleOneviewEdit();
            void navigate(ONEVIEW_PATH);
            onNavigate?.();
          } else toggleOneviewEdit();
        }}
      >
        Edit
      </Button>
      {isEdit && onPage && (
        <>
          <ToggleButtonGroup
            size="small"
            exclusive
            fullWidth
            value={editMode}
            onChange={(_event, mode: unknown) => {
              const chosen = oneviewModeButtons.find((b) => b.mode === mode);
              if (chosen) setOneviewEditMode(chosen.mode);
            }}
            aria-label="Layout to edit"
          >
            {oneviewModeButtons.map((b) => (
              <ToggleButton key={b.mode} value={b.mode} aria-label={b.label} title={b.label}>
                {b.letter}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Button
            size="small"
            variant="contained"
            color="secondary"
            startIcon={<SaveIcon />}
            disabled={saving}
            onClick={() => void saveOneview()}
          >
            Save
          </Button>
        </>
      )}
    </Stack>
  );
}
