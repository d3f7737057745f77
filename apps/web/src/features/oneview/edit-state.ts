import type { OneviewMode } from '@portal/contract/oneview';
import { create } from 'zustand';

/**
 * OneView's edit state (SPEC.md section 3: editMode, isEdit), shared by the sidebar's Edit, A/M/E
 * and Save buttons and the /oneview page. The page registers what Save does while it is shown.
 */
interface OneviewEditState {
  isEdit: boolean;
  editMode: OneviewMode;
  saving: boolean;
  save: (() => Promise<boolean>) | null;
}

export const useOneviewEdit = create<OneviewEditState>()(() => ({
  isEdit: false,
  editMode: 1,
  saving: false,
  save: null,
}));

/** Edit toggles edit mode; the mode starts at 1 (SPEC.md section 9: default edit mode 1). */
export const toggleOneviewEdit = () =>
  useOneviewEdit.setState((state) => ({ isEdit: !state.isEdit, editMode: 1 }));

export const setOneviewEditMode = (editMode: OneviewMode) => useOneviewEdit.setState({ editMode });

/** Leaves edit mode and resets the mode to 1 (after a Save, or when the page goes away). */
export const leaveOneviewEdit = () => useOneviewEdit.setState({ isEdit: false, editMode: 1 });

export const registerOneviewSave = (save: (() => Promise<boolean>) | null) =>
  useOneviewEdit.setState({ save });

/** Save: the page saves positions and the background; on success edit mode ends, mode back to 1. */
export async function saveOneview(): Promise<void> {
  const { save, saving } = useOneviewEdit.getState();
  if (!save || saving) return;
  useOneviewEdit.setState({ saving: true });
  try {
    if (await save()) leaveOneviewEdit();
  } finally {
    useOneviewEdit.setState({ saving: false });
  }
}
