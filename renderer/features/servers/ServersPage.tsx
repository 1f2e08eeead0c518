import { useApp } from '../../state/store';
import { ServerCard } from './ServerCard';

export function ServersPage() {
  const servers = useApp((s) => s.servers);
  const encrypted = useApp((s) => s.secretsEncrypted);
  return (
    <section aria-labelledby="servers-title">
      <h1 id="servers-title">Servers</h1>
      {encrypted === false && (
        <p className="warning" role="note">
          Secrets are stored in a file only you can read, but not encrypted.
        </p>
      )}
      {servers.length === 0 && <p className="muted">No servers configured yet.</p>}
      <div className="cards">
        {servers.map((s) => (
          <ServerCard key={s.id} server={s} />
        ))}
      </div>
    </section>
  );
}
