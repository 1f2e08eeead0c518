import { describe, expect, it } from 'vitest';
import { creationOrder } from './creationOrder';
import { hostPartList } from './hostPartList';

/** The host's parts as made; they are let go in the reverse (assembleParts.test.ts proves that). */
const made = creationOrder(hostPartList, ['options']).map((p) => p.name);
const madeBefore = (first: string, then: string) => {
  expect(made).toContain(first);
  expect(made).toContain(then);
  expect(made.indexOf(first), `${first} is made before ${then}, so let go after it`).toBeLessThan(
    made.indexOf(then),
  );
};

describe("the host's parts", () => {
  it('are each made once', () => {
    expect(new Set(made).size).toBe(hostPartList.length);
  });

  it('the servers stop before the logs, the activity record and the app log are written out', () => {
    for (const record of ['logs', 'activity', 'appLog']) madeBefore(record, 'registry');
    // The record can report a failure of its own into the app log: written out before it.
    madeBefore('appLog', 'activity');
  });

  it('what calls the servers ends before they stop: the served API, the config watch, chat, tool calls, roots', () => {
    for (const caller of ['serversLoaded', 'chat', 'tools', 'catalog', 'apps', 'rootChanges'])
      madeBefore('registry', caller);
    madeBefore('tools', 'chat');
  });

  it('the sandbox, the policy and the install records are let go only once the servers are', () => {
    for (const used of ['sandbox', 'policy', 'managedPolicy', 'installs']) madeBefore(used, 'registry');
  });

  it('no bundle is opened before unused bundle folders are swept; faults are followed until the app log is written', () => {
    madeBefore('serversLoaded', 'bundlePlans');
    madeBefore('serversLoaded', 'bundleUploads');
    madeBefore('faults', 'processFaults');
    madeBefore('appLog', 'faults');
  });
});
