import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

const isFullscreen = (section: HTMLElement | null) => !!section && document.fullscreenElement === section;

/**
 * How a View's section is shown — inline, full screen or floating — and the way to change it. The
 * mode follows the browser's full screen (Escape leaves it); `display` ends in the mode it could
 * reach (full screen needs a click, in the app or the View).
 */
export function useDisplayMode(section: RefObject<HTMLElement | null>) {
  const [fullscreen, setFullscreen] = useState(false);
  const [floating, setFloatingState] = useState(false);
  const floatingNow = useRef(false);
  const mode: McpUiDisplayMode = fullscreen ? 'fullscreen' : floating ? 'pip' : 'inline';
  const currentMode = useCallback(
    (): McpUiDisplayMode =>
      isFullscreen(section.current) ? 'fullscreen' : floatingNow.current ? 'pip' : 'inline',
    [section],
  );
  const display = useCallback(
    async (next: McpUiDisplayMode): Promise<McpUiDisplayMode> => {
      const setFloating = (on: boolean) => {
        floatingNow.current = on;
        setFloatingState(on);
      };
      if (next === 'fullscreen') {
        if (section.current && !document.fullscreenElement)
          await section.current.requestFullscreen().catch(() => {});
        if (isFullscreen(section.current)) setFloating(false);
      } else {
        if (isFullscreen(section.current)) await document.exitFullscreen().catch(() => {});
        setFloating(next === 'pip');
      }
      return currentMode();
    },
    [currentMode, section],
  );
  useEffect(() => {
    const onChange = () => setFullscreen(isFullscreen(section.current));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [section]);
  return { mode, display, currentMode };
}
