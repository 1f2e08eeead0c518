import { type DragEvent, useState } from 'react';
import type { HostConnection } from '../../hostClient';
import { attachFiles } from './attachFiles';

const carriesFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');

/**
 * Files dropped anywhere on the open conversation are attached to the message being written (as
 * the attach button does); while files are dragged over it, `dropping` says so, for the outline.
 */
export function useFileDrop(host: Pick<HostConnection, 'call'>) {
  const [dropping, setDropping] = useState(false);
  return {
    dropping,
    handlers: {
      onDragOver: (e: DragEvent) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setDropping(true);
      },
      onDragLeave: (e: DragEvent) => {
        // Only leaving the conversation itself, not passing from one of its parts to another.
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDropping(false);
      },
      onDrop: (e: DragEvent) => {
        setDropping(false);
        if (!carriesFiles(e)) return;
        e.preventDefault();
        const files = Array.from(e.dataTransfer.files);
        if (files.length > 0) void attachFiles(host, files);
      },
    },
  };
}
