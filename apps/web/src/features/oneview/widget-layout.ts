/** The class of a widget's drag handle, which the draggable grid grabs by. */
export const DRAG_HANDLE = 'oneview-drag-handle';
