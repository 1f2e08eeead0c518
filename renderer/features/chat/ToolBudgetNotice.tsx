import type { ConversationSettings } from '../../../shared/chat/conversation';
import { SafeText } from '../../components/SafeText';
import { useToolBudget } from './useToolBudget';

/**
 * A turn refused for too many tools, said as things are now, not as they were when it was refused:
 * the tools on and the budget change (a server stopped, the budget cleared in Settings), and once
 * they fit, Retry sends the turn; while they do not, the numbers are today's and the choice is offered.
 */
export function ToolBudgetNotice({
  settings,
  saved,
  choosing,
  onChoose,
  onRetry,
}: {
  settings: ConversationSettings;
  /** What the host said when it refused the turn (shown until Settings are read). */
  saved: string;
  /** The Tools panel is open already. */
  choosing: boolean;
  onChoose: () => void;
  onRetry: () => void;
}) {
  const { on, tokens, over, known } = useToolBudget(settings);
  if (known && !over)
    return (
      <>
        <p data-budget-now="fits">
          The {on.length} tools on for this conversation (about {tokens.toLocaleString('en-US')} tokens) now
          fit.
        </p>
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      </>
    );
  return (
    <>
      <p data-budget-now={known ? 'over' : undefined}>
        <SafeText text={known ? `${over} Choose which servers and tools this conversation uses.` : saved} />
      </p>
      {!choosing && (
        <button type="button" onClick={onChoose}>
          Choose tools…
        </button>
      )}
    </>
  );
}
