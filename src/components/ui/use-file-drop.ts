import { useState, type DragEvent } from 'react';

/**
 * A drop zone for one file (only the first file of a drop is taken): whether something is being
 * dragged over it, and the handlers to spread on it.
 */
export function useFileDrop(take: (file: File) => void) {
  const [dragging, setDragging] = useState(false);
  const zone = {
    onDragOver(event: DragEvent<HTMLElement>) {
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave() {
      setDragging(false);
    },
    onDrop(event: DragEvent<HTMLElement>) {
      event.preventDefault();
      setDragging(false);
      const file = event.dataTransfer.files[0];
      if (file) take(file);
    },
  };
  return { dragging, zone };
}
