import type { ModelSetup } from '../../../shared/host/usableProviders';
import type { Page } from '../../../shared/ui/appAddress';
import { revealAsText } from '../../components/revealHidden';

/** What Getting started is told of the app now. */
export interface SetupFacts {
  model: ModelSetup;
  /** Servers configured. */
  servers: number;
  /** Whether any of them runs. */
  running: boolean;
  /** How many wait for the person to trust what they run. */
  waiting: number;
}

interface SetupStep {
  done: boolean;
  text: string;
  where: Page;
  button: string;
}

/**
 * What Getting started shows: nothing once all is done; the checklist while the app has never yet
 * worked (no provider and server working together); after that only a chip naming the one thing to
 * do — a server waiting for trust after an update or a link is a line's worth, not the first-run
 * checklist again, and a person who stopped every server on purpose is not told to start one.
 */
export type GettingStarted =
  | { kind: 'none' }
  | { kind: 'checklist'; steps: SetupStep[] }
  | ({ kind: 'chip' } & Omit<SetupStep, 'done'>);

/** The model step as the checklist words it: done only when new conversations will work. */
function modelStepText(setup: ModelSetup): string {
  if (setup.ready) return `New conversations use ${revealAsText(setup.defaultName)}`;
  if (setup.instead)
    return `New conversations use ${revealAsText(setup.defaultName)}, which has no API key: add it, or choose ${revealAsText(setup.instead)} in Settings`;
  return 'Add your Anthropic API key (or another model provider)';
}

/** Whether a provider and a server work together now: from then on Getting started is a chip. */
export const setupWorks = (facts: SetupFacts): boolean => facts.model.ready && facts.running;

/** `workedBefore`: a provider and a server have worked together in this app before (remembered). */
export function gettingStarted(facts: SetupFacts, workedBefore: boolean): GettingStarted {
  const { model, waiting } = facts;
  const steps: SetupStep[] = [
    { done: model.ready, text: modelStepText(model), where: 'settings', button: 'Open Settings' },
    {
      done: facts.servers > 0,
      text: 'Add an MCP server (or import yours)',
      where: 'servers',
      button: 'Open Servers',
    },
    {
      done: facts.running && waiting === 0,
      text:
        waiting > 0
          ? `Confirm what ${waiting === 1 ? 'a server runs' : `${waiting} servers run`} before ${waiting === 1 ? 'it starts' : 'they start'}`
          : 'Start a server (confirm what it runs)',
      where: 'servers',
      button: 'Open Servers',
    },
  ];
  if (steps.every((s) => s.done)) return { kind: 'none' };
  if (!workedBefore && !setupWorks(facts)) return { kind: 'checklist', steps };
  if (!model.ready)
    return { kind: 'chip', text: modelStepText(model), where: 'settings', button: 'Open Settings' };
  if (waiting > 0)
    return {
      kind: 'chip',
      text:
        waiting === 1
          ? '1 server waits for you to trust it'
          : `${waiting} servers wait for you to trust them`,
      where: 'servers',
      button: 'Open Servers',
    };
  return { kind: 'none' };
}
