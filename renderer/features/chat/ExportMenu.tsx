import { Download } from 'lucide-react';
import { useEffect, useRef } from 'react';

/**
 * "Export…": the conversation as Markdown or JSON, from one button (the header keeps to one line in
 * a narrow window). Closes on a choice, on Escape, on a click or touch anywhere else, and when the
 * focus leaves it (Tab past its last item).
 */
export function ExportMenu({ onExport }: { onExport: (format: 'markdown' | 'json') => void }) {
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const closeOutside = (e: PointerEvent) => {
      if (menu.current?.open && !menu.current.contains(e.target as Node)) menu.current.open = false;
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, []);
  // Closed from inside, the focus goes back to "Export…": the item it was on is hidden now, and the
  // browser would drop it to the page's top.
  const closeToSummary = () => {
    if (!menu.current) return;
    menu.current.open = false;
    menu.current.querySelector('summary')?.focus();
  };
  const choose = (format: 'markdown' | 'json') => {
    closeToSummary();
    onExport(format);
  };
  return (
    <details
      className="menu"
      ref={menu}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && menu.current?.open) {
          e.preventDefault(); // this Escape is the menu's, not an open panel's as well
          closeToSummary();
        }
      }}
      onBlur={(e) => {
        if (menu.current?.open && !menu.current.contains(e.relatedTarget as Node | null))
          menu.current.open = false;
      }}
    >
      <summary>
        <Download aria-hidden="true" />
        Export…
      </summary>
      <div className="menu-items">
        <button type="button" onClick={() => choose('markdown')}>
          Markdown (.md)
        </button>
        <button type="button" onClick={() => choose('json')}>
          JSON (.json)
        </button>
      </div>
    </details>
  );
}
