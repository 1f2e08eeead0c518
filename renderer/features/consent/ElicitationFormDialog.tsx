import { useMemo, useState } from 'react';
import type { ElicitationConsentRequest } from '../../../shared/host/consent';
import type { ElicitFormParams, ElicitResult } from '../../../shared/mcp/protocol';
import { fieldsOf, initialValues, validate } from '../../components/form/restrictedSchema';
import { SchemaForm } from '../../components/form/SchemaForm';
import { Modal } from '../../components/Modal';
import { SafeText } from '../../components/SafeText';
import { ConsentServerLine } from './ConsentServerLine';

/**
 * A server asks the person for information. They review and edit every value before it is sent,
 * and can decline (an explicit no) or cancel (dismiss; Escape does this, as the spec describes).
 */
export function ElicitationFormDialog({
  request,
  params,
  answer,
}: {
  request: ElicitationConsentRequest;
  params: ElicitFormParams;
  answer: (result: ElicitResult) => void;
}) {
  const { fields, unsupported } = useMemo(() => fieldsOf(params.requestedSchema), [params.requestedSchema]);
  const [values, setValues] = useState(() => initialValues(fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const checked = validate(fields, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    answer({ action: 'accept', content: checked.content });
  };
  return (
    <Modal
      title="A server asks for information"
      label={`Information requested by ${request.server.id}`}
      onEscape={() => answer({ action: 'cancel' })}
      wide
    >
      <ConsentServerLine request={request} />
      <div className="elicitation-message">
        <SafeText text={params.message} block />
      </div>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <SchemaForm fields={fields} values={values} errors={errors} onChange={setValues} />
        {unsupported.length > 0 && (
          <p className="warning">
            The server also asked for <SafeText text={unsupported.join(', ')} />, in a form Switchboard cannot
            show; those are not sent.
          </p>
        )}
        <div className="actions consent-actions">
          <button type="button" onClick={() => answer({ action: 'decline' })}>
            Decline
          </button>
          <button type="button" onClick={() => answer({ action: 'cancel' })}>
            Cancel
          </button>
          <button type="submit" className="primary">
            Send
          </button>
        </div>
      </form>
    </Modal>
  );
}
