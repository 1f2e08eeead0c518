import path from 'node:path';

/**
 * The places in a person's home that hold what a server must never read unless they say so: keys,
 * cloud and cluster credentials, tokens, browser profiles (cookies, saved passwords) and keychains.
 * The sandbox runtime reads everywhere by default; these are hidden from every confined server, with
 * Switchboard's own data folder and the server's `denyRead`.
 */
const IN_HOME = [
  '.ssh',
  '.aws',
  '.azure',
  '.gnupg',
  '.kube',
  '.docker',
  '.netrc',
  '.npmrc',
  '.pypirc',
  '.git-credentials',
  '.password-store',
  '.terraform.d',
  '.config/gcloud',
  '.config/gh',
  '.config/hub',
  '.config/op',
  '.local/share/keyrings',
  // Browser profiles (Linux).
  '.mozilla',
  '.config/google-chrome',
  '.config/chromium',
  '.config/BraveSoftware',
  '.config/microsoft-edge',
  '.config/vivaldi',
  'snap/firefox',
  'snap/chromium',
  // macOS: keychains and browser profiles.
  'Library/Keychains',
  'Library/Cookies',
  'Library/Application Support/Google/Chrome',
  'Library/Application Support/Firefox',
  'Library/Application Support/BraveSoftware',
  'Library/Application Support/Microsoft Edge',
  'Library/Safari',
];

/** Every secret place of the home folder `home`, as absolute paths. */
export function secretPlaces(home: string): string[] {
  return IN_HOME.map((p) => path.join(home, p));
}
