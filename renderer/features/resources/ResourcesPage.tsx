import { useState } from 'react';
import type { ReadResourceResult, ResourceTemplate } from '../../../shared/mcp/protocol';
import { ResourceContentsView } from '../../components/ContentView';
import { useHost } from '../../components/HostContext';
import { SafeText } from '../../components/SafeText';
import { resourceKey } from '../../state/slices/catalog';
import { useApp } from '../../state/store';
import { TemplateForm } from './TemplateForm';

type Selected = { server: string; uri: string };

/** Every running server's resources and templates: read, subscribe (with an update mark), fill templates. */
export function ResourcesPage() {
  const host = useHost();
  const run = useApp((s) => s.run);
  const { resources, templates } = useApp((s) => s.catalog);
  const updates = useApp((s) => s.resourceUpdates);
  const servers = useApp((s) => s.servers);
  const markSeen = useApp((s) => s.markResourceSeen);
  const openChat = useApp((s) => s.open);
  const attach = useApp((s) => s.attach);
  const notify = useApp((s) => s.notify);
  const [selected, setSelected] = useState<Selected>();
  const [contents, setContents] = useState<ReadResourceResult>();
  const [template, setTemplate] = useState<{ server: string; template: ResourceTemplate }>();

  const read = async (target: Selected) => {
    setSelected(target);
    setTemplate(undefined);
    setContents(undefined);
    const result = await run(() => host.call('readResource', target.server, target.uri));
    if (result) setContents(result);
    markSeen(target.server, target.uri);
  };
  const canSubscribe = (server: string) => {
    const s = servers.find((v) => v.id === server)?.state;
    return s?.status === 'running' && s.capabilities.resources?.subscribe === true;
  };
  const current =
    selected && resources.find((r) => r.server === selected.server && r.resource.uri === selected.uri);

  return (
    <section aria-labelledby="resources-title" className="split">
      <div className="split-list">
        <h1 id="resources-title">Resources</h1>
        {resources.length === 0 && templates.length === 0 && (
          <p className="muted">No running server offers resources.</p>
        )}
        <ul className="item-list" aria-label="Resources">
          {resources.map(({ server, resource, subscribed }) => {
            const updated = updates[resourceKey(server, resource.uri)] !== undefined;
            return (
              <li key={`${server} ${resource.uri}`}>
                <button
                  type="button"
                  className={
                    selected?.server === server && selected.uri === resource.uri ? 'item active' : 'item'
                  }
                  onClick={() => void read({ server, uri: resource.uri })}
                >
                  <SafeText text={resource.title ?? resource.name} />
                  <span className="muted small">
                    {server} · <SafeText text={resource.uri} />
                  </span>
                  {subscribed && <span className="chip">subscribed</span>}
                  {updated && (
                    <span
                      className="dot"
                      role="img"
                      aria-label="updated since last read"
                      title="Updated since you last read it"
                    />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
        {templates.length > 0 && (
          <>
            <h2>Templates</h2>
            <ul className="item-list" aria-label="Resource templates">
              {templates.map((t) => (
                <li key={`${t.server} ${t.template.uriTemplate}`}>
                  <button
                    type="button"
                    className="item"
                    onClick={() => {
                      setSelected(undefined);
                      setContents(undefined);
                      setTemplate(t);
                    }}
                  >
                    <SafeText text={t.template.title ?? t.template.name} />
                    <span className="muted small">
                      {t.server} · <SafeText text={t.template.uriTemplate} />
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <div className="split-detail">
        {template && (
          <TemplateForm
            key={`${template.server} ${template.template.uriTemplate}`}
            server={template.server}
            template={template.template}
            onRead={(uri) => void read({ server: template.server, uri })}
          />
        )}
        {selected && (
          <article aria-label="Resource">
            <div className="page-head">
              <h2>
                <SafeText text={current?.resource.title ?? current?.resource.name ?? selected.uri} />
              </h2>
              <button type="button" onClick={() => void read(selected)}>
                Reload
              </button>
              <button
                type="button"
                disabled={!openChat}
                title={openChat ? undefined : 'Open a chat first'}
                onClick={() => {
                  if (!openChat) return;
                  attach({
                    server: selected.server,
                    uri: selected.uri,
                    label: `${selected.server}: ${current?.resource.title ?? current?.resource.name ?? selected.uri}`,
                  });
                  notify(`Attached to “${openChat.title}”: it goes with your next message.`);
                }}
              >
                Attach to chat
              </button>
              {current && canSubscribe(selected.server) && (
                <button
                  type="button"
                  onClick={() =>
                    void run(() =>
                      host.call('setResourceSubscribed', selected.server, selected.uri, !current.subscribed),
                    )
                  }
                >
                  {current.subscribed ? 'Unsubscribe' : 'Subscribe to updates'}
                </button>
              )}
            </div>
            {updates[resourceKey(selected.server, selected.uri)] !== undefined && (
              <p className="warning" role="status">
                Changed on the server since this was read. Reload to see the new version.
              </p>
            )}
            {current?.resource.description && (
              <p className="muted">
                <SafeText text={current.resource.description} />
              </p>
            )}
            {contents?.contents.map((c) => (
              <ResourceContentsView key={c.uri} contents={c} />
            ))}
          </article>
        )}
        {!selected && !template && <p className="muted">Choose a resource to read it.</p>}
      </div>
    </section>
  );
}
