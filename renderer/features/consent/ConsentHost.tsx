import { lazy, Suspense, useRef, useState } from 'react';
import { assertNever } from '../../../shared/assertNever';
import type { ConsentAnswer, ConsentRequest } from '../../../shared/host/consent';
import { useHost } from '../../components/HostContext';
import { openExternally } from '../../components/openExternally';
import { useFocusReturn } from '../../components/useFocusReturn';
import { selectActiveConsent } from '../../state/slices/consents';
import { useApp } from '../../state/store';
import { ElicitationFormDialog } from './ElicitationFormDialog';
import { SamplingConsentDialog } from './SamplingConsentDialog';
import { SamplingResultDialog } from './SamplingResultDialog';
import { ToolConsentDialog } from './ToolConsentDialog';

const ElicitationUrlDialog = lazy(() =>
  import('./ElicitationUrlDialog').then((m) => ({ default: m.ElicitationUrlDialog })),
);

/** The system browser: Electron routes window.open there; the browser shell opens a separate tab. */

/** Shows the consent the host waits on (one at a time, any order), and sends the person's answer. */
export function ConsentHost() {
  const request = useApp(selectActiveConsent);
  // Answered (the whole queue): back where the person was — typing, most often; on Chats with
  // nowhere to go back to, the message box.
  useFocusReturn(request !== undefined, () => {
    const state = useApp.getState();
    if (state.pane === 'chats' && state.open) state.focusOn('composer');
  });
  if (!request) return null;
  // A new key per request: nothing typed for one request carries over to another.
  return <ConsentDialog key={request.id} request={request} />;
}

function ConsentDialog({ request }: { request: ConsentRequest }) {
  // Answered, it stays on screen until the host takes it away: meanwhile it takes no second answer
  // (a double click would be told "no pending consent", and a click meant for the next request, once
  // it shows, would be spent on this one).
  const [answered, setAnswered] = useState(false);
  const sending = useRef(false);
  const host = useHost();
  const run = useApp((s) => s.run);
  const focus = useApp((s) => s.focusConsent);
  const send = (answer: ConsentAnswer) => {
    if (sending.current) return;
    sending.current = true;
    setAnswered(true);
    focus(undefined);
    void run(async () => {
      await host.call('answerConsent', request.id, answer);
      return true;
    }).then((sent) => {
      if (sent) return;
      sending.current = false;
      setAnswered(false);
    });
  };
  return (
    <fieldset className="consent-answered" disabled={answered}>
      <ConsentDialogOf request={request} send={send} />
    </fieldset>
  );
}

function ConsentDialogOf({
  request,
  send,
}: {
  request: ConsentRequest;
  send: (answer: ConsentAnswer) => void;
}) {
  switch (request.kind) {
    case 'tool':
      return <ToolConsentDialog request={request} answer={(decision) => send({ kind: 'tool', decision })} />;
    case 'sampling':
      return (
        <SamplingConsentDialog
          request={request}
          approve={(params, choice) => send({ kind: 'sampling', approve: true, params, ...choice })}
          reject={() => send({ kind: 'sampling', approve: false })}
        />
      );
    case 'sampling-result':
      return (
        <SamplingResultDialog
          request={request}
          approve={(result) => send({ kind: 'sampling-result', approve: true, result })}
          reject={() => send({ kind: 'sampling-result', approve: false })}
        />
      );
    case 'elicitation':
      return request.params.mode === 'url' ? (
        // Its URL parsing carries the public suffix list: a chunk of its own, fetched when first needed.
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <ElicitationUrlDialog
            request={request}
            params={request.params}
            answer={(result) => send({ kind: 'elicitation', result })}
            open={openExternally}
          />
        </Suspense>
      ) : (
        <ElicitationFormDialog
          request={request}
          params={request.params}
          answer={(result) => send({ kind: 'elicitation', result })}
        />
      );
    default:
      return assertNever(request, 'consent kind');
  }
}
