import { ToolSchema } from '@modelcontextprotocol/core';
import {
  type McpUiDisplayMode,
  type McpUiHostContext,
  McpUiHostStylesSchema,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import type { OpenedView } from '../../../shared/host/appView';

/**
 * Inline in the conversation; full screen (the Fullscreen API on the View's section); or
 * picture-in-picture, floating in the window's top corner while its conversation is open (the section
 * fixed in place). Either way the frame is never moved in the page — a moved frame reloads.
 */
export const DISPLAY_MODES: McpUiDisplayMode[] = ['inline', 'fullscreen', 'pip'];
/** The floating frame's height at most (its width is set in the stylesheet). */
export const PIP_MAX_HEIGHT = 320;
/** The frame's height follows what the View asks, within these bounds (inline). */
export const MIN_HEIGHT = 48;
export const MAX_HEIGHT = 900;

/** The app's own colours and font as the spec's standard style variables (the View may use them). */
function hostStyles() {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string) => css.getPropertyValue(name).trim() || undefined;
  return McpUiHostStylesSchema.parse({
    variables: {
      '--color-background-primary': v('--panel'),
      '--color-background-secondary': v('--bg'),
      '--color-text-primary': v('--text'),
      '--color-text-secondary': v('--muted'),
      '--color-text-danger': v('--bad'),
      '--color-text-success': v('--ok'),
      '--color-text-warning': v('--warn'),
      '--color-border-primary': v('--line'),
      '--color-ring-primary': v('--accent'),
      '--font-sans': getComputedStyle(document.body).fontFamily || undefined,
      '--border-radius-md': '8px',
    },
  });
}

const theme = () => (window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');

/**
 * What a View is told of where it runs (MCP Apps' host context): the tool call it shows, the app's
 * theme and styles, its display modes and room, the person's locale, and the kind of window.
 */
export function viewHostContext(
  view: OpenedView,
  toolUseId: string,
  width: number | undefined,
): McpUiHostContext {
  return {
    toolInfo: {
      id: toolUseId,
      tool: ToolSchema.safeParse(view.tool).data ?? {
        name: view.tool.name,
        inputSchema: { type: 'object' },
      },
    },
    theme: theme(),
    styles: hostStyles(),
    displayMode: 'inline',
    availableDisplayModes: DISPLAY_MODES,
    containerDimensions: { maxHeight: MAX_HEIGHT, width: width ?? 600 },
    locale: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    // The Electron window, or a browser tab (the browser shell).
    platform: window.switchboard ? 'desktop' : 'web',
  };
}
