import { chatParts } from './chatParts';
import { consentParts } from './consentParts';
import { policyParts } from './policyParts';
import { recordParts } from './recordParts';
import { serverParts } from './serverParts';
import { startParts } from './startParts';

/**
 * Everything the host is made of, the one place a part is added. Each is made after what it needs and
 * let go before it (assembleParts); where needs leave a choice, this order decides.
 */
export const hostPartList = [
  ...recordParts,
  ...consentParts,
  ...policyParts,
  ...serverParts,
  ...chatParts,
  ...startParts,
] as const;
