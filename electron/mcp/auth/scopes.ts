export const splitScopes = (scope: string): string[] => scope.split(/\s+/).filter(Boolean);

/**
 * The spec's scope selection: the challenge's scope, else all the resource supports, else none; plus
 * the scopes a step-up asked for and no sign-in has granted yet; and offline_access where the
 * authorization server offers it (and a scope is asked for at all), so the sign-in can be renewed.
 */
export function chooseScopes(input: {
  named: string | undefined;
  stepUp: string[];
  offlineAccess: boolean;
}): string[] {
  const scopes = [...new Set([...(input.named ? splitScopes(input.named) : []), ...input.stepUp])];
  if (scopes.length > 0 && input.offlineAccess && !scopes.includes('offline_access'))
    scopes.push('offline_access');
  return scopes;
}
