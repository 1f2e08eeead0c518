import type { CONSENT_METHODS } from '../../../shared/ipc/consentContract';
import type { AreaApi } from '../../../shared/ipc/contract';
import type { HostParts } from '../hostParts';

/** The consent area of the contract: the consents waiting, their answers, the standing approvals. */
export function consentApi(host: HostParts) {
  // Approvals are bound to who the server is now (its identity), not to its name.
  const identity = (server: string): string => {
    const who = host.registry.describe(server);
    if (!who) throw new Error(`No server named "${server}"`);
    return who.identity;
  };
  return {
    async listConsents() {
      return host.consent.queue();
    },
    async answerConsent(id, answer) {
      host.consent.answer(id, answer);
    },
    async getApprovals(server) {
      return host.approvals.summary(identity(server));
    },
    async setReadOnlyPolicy(server, enabled) {
      const who = identity(server);
      await host.approvals.setReadOnlyPolicy(who, enabled);
      host.activity.record({
        kind: 'approval',
        server,
        serverIdentity: who,
        change: enabled ? 'read-only-on' : 'read-only-off',
      });
    },
    async revokeApprovals(server) {
      const who = identity(server);
      await host.approvals.revokeServer(who);
      host.activity.record({ kind: 'approval', server, serverIdentity: who, change: 'revoked' });
    },
  } satisfies AreaApi<typeof CONSENT_METHODS>;
}
