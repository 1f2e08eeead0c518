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
      await host.approvals.setReadOnlyPolicy(identity(server), enabled);
    },
    async revokeApprovals(server) {
      await host.approvals.revokeServer(identity(server));
    },
  } satisfies AreaApi<typeof CONSENT_METHODS>;
}
