import path from 'node:path';
import { watchFile } from '../../store/fileWatch';
import type { ActivityLog } from '../activity/activityLog';
import type { ActivityNotices } from '../activity/activityNotices';
import { ActivityReader } from '../activity/activityReader';
import type { Catalog } from '../catalog/catalog';
import { ConfigFile } from '../config/configFile';
import type { HostFaults } from '../faults/hostFaults';
import { followProcessFaults } from '../faults/processGuard';
import type { HostOptions } from '../hostOptions';
import { sweepUnusedBundles } from '../install/bundleHousekeeping';
import { BundlePlans } from '../install/bundlePlans';
import { BundleUploads } from '../install/bundleUploads';
import type { ServerRegistry } from '../servers/serverRegistry';
import { part } from './part';

const bundlesDir = (options: HostOptions) => path.join(options.home, 'bundles');

/**
 * The servers listed from config.json (none started: the shell's `start` does that), the file followed
 * while the host runs, bundle folders no server names swept, and the catalog filled.
 */
const serversLoaded = part({
  name: 'serversLoaded',
  needs: ['options', 'registry', 'catalog', 'faults'],
  create: async (
    {
      options,
      registry,
      catalog,
      faults,
    }: { options: HostOptions; registry: ServerRegistry; catalog: Catalog; faults: HostFaults },
    held,
  ) => {
    const loaded = await registry.load();
    // config.json edited while the app runs (by hand, by another program): taken as it stands, recorded.
    // Read once more as the watch begins: an edit made since the load is not left for the next poll.
    if (options.watchConfig ?? true) {
      const reload = () =>
        registry.reload().then(
          () => {},
          (error: unknown) => faults.report(error, 'while reading config.json again', undefined),
        );
      void held.add(watchFile(ConfigFile.inHome(options.home).filePath, reload)).check();
    }
    // Bundle folders no server names (an install cut short, a server removed in the file): before any
    // install of this run begins (the bundle parts need this one). An unreadable config names nothing,
    // and sweeps nothing.
    await sweepUnusedBundles(
      loaded.state === 'unreadable' ? undefined : loaded.document,
      bundlesDir(options),
    ).catch((error: unknown) => faults.report(error, 'while removing unused bundle folders', undefined));
    await catalog.init();
  },
});

/** The record read back (one reader); its chain checked at start, where it breaks said in the app log and the window. */
const activityReader = part({
  name: 'activityReader',
  needs: ['activity', 'activityNotices', 'faults'],
  create: ({
    activity,
    activityNotices,
    faults,
  }: {
    activity: ActivityLog;
    activityNotices: ActivityNotices;
    faults: HostFaults;
  }) => {
    const reader = new ActivityReader(activity.dir);
    void reader.all().then(
      ({ problems }) => {
        activityNotices.checked(problems);
        if (problems.length > 0)
          faults.report(
            new Error(
              `the activity record does not hold together at ${problems.length} place(s), first ${problems[0]!.file} line ${problems[0]!.line}: ${problems[0]!.problem}`,
            ),
            'while checking the activity record at start',
            undefined,
          );
      },
      (error: unknown) => faults.report(error, 'while checking the activity record at start', undefined),
    );
    return reader;
  },
});

/** While this host runs, the process's unhandled errors are its to log and trace (see keepProcessAlive). */
const processFaults = part({
  name: 'processFaults',
  needs: ['faults'],
  create: ({ faults }: { faults: HostFaults }, held) => {
    held.add(followProcessFaults(faults.report));
  },
});

/**
 * Bundles opened and waiting for the person (their unpacked folders in `bundles/`). Those never added
 * are removed at shutdown; a folder that will not go is swept at the next start.
 */
const bundlePlans = part({
  name: 'bundlePlans',
  needs: ['options', 'serversLoaded'],
  create: ({ options }: { options: HostOptions; serversLoaded: unknown }) =>
    new BundlePlans(bundlesDir(options)),
  dispose: (plans) => plans.clear().catch(() => {}),
});

/** Bundle files the page is sending (dropped at shutdown as the plans are). */
const bundleUploads = part({
  name: 'bundleUploads',
  needs: ['options', 'serversLoaded'],
  create: ({ options }: { options: HostOptions; serversLoaded: unknown }) =>
    new BundleUploads(bundlesDir(options)),
  dispose: (uploads) => uploads.clear().catch(() => {}),
});

/** What runs once the parts are made: the servers loaded, the record checked, faults followed; then installs. */
export const startParts = [serversLoaded, activityReader, processFaults, bundlePlans, bundleUploads] as const;
