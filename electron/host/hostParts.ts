import type { hostPartList } from './parts/hostPartList';
import type { ValuesOf } from './parts/part';

/**
 * What the host is made of: every part's value, by the part's name (see the parts in `parts/`, each
 * saying what it is). The host layer (HostService) and tests use them; shells do not.
 */
export type HostParts = ValuesOf<typeof hostPartList>;
