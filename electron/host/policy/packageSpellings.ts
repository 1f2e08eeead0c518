// The package names one piece of a launch (launchTokens) may spell, as each registry compares names:
// npm in lower case, PyPI by PEP 503 (`-`, `_` and `.` alike, any case), OCI images with Docker Hub's
// hosts and `library/` taken off, NuGet in lower case — with any version, tag, digest or extra taken
// off. Besides a plain name, a piece may be:
//   npm   an alias (`weather@npm:@acme/weather@1.0.0` runs @acme/weather); a registry's tarball URL,
//         whose path names the package (`…/@acme/weather/-/weather-1.0.0.tgz`); a packed file
//         (`acme-weather-1.0.0.tgz`, as `npm pack` names @acme/weather); a path into a
//         node_modules folder (`…/node_modules/@acme/weather/dist/index.js`, a copy already fetched);
//   PyPI  a wheel or sdist file or URL, whose file name starts with the project's name
//         (`acme_weather-1.0-py3-none-any.whl`, `acme-weather-1.0.tar.gz`);
//   NuGet a .nupkg file or URL (`acme.weather.1.0.0.nupkg`).
// A name read from a URL or a file says what the file calls itself, not what it holds: a server
// anywhere can serve any package under `/@acme/weather/-/…`, and the same package under any other
// name. So this catches a package fetched the usual ways under its own name; a copy renamed or hosted
// under another name passes it.

/** A registry's canonical form of a plain name (a version, tag, digest or extra taken off). */
const PLAIN: Readonly<Record<string, (name: string) => string>> = {
  npm: (word) => {
    const w = word.replace(/^npm:/i, '').toLowerCase();
    const at = w.indexOf('@', w.startsWith('@') ? 1 : 0);
    return at > 0 ? w.slice(0, at) : w;
  },
  pypi: (word) =>
    word
      .split(/[=<>!~;@[\s]/)[0]!
      .toLowerCase()
      .replace(/[-_.]+/g, '-'),
  oci: (word) => {
    let w = word.toLowerCase().split('@')[0]!;
    const slash = w.lastIndexOf('/');
    const colon = w.lastIndexOf(':');
    if (colon > slash) w = w.slice(0, colon);
    w = w.replace(
      /^(?:docker\.io|index\.docker\.io|registry-1\.docker\.io|registry\.hub\.docker\.com)\//,
      '',
    );
    return w.replace(/^library\//, '');
  },
  nuget: (word) => word.split('@')[0]!.toLowerCase(),
};

/** `identifier` as `registryType` compares names ('' for a type this does not read). */
export function canonicalName(registryType: string, identifier: string): string {
  const type = registryType.toLowerCase();
  return Object.hasOwn(PLAIN, type) ? PLAIN[type]!(identifier) : '';
}

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** The path of a URL, decoded (`%2f` a slash), or undefined when `token` is no URL. */
function urlPath(token: string): string | undefined {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(token) || !URL.canParse(token)) return undefined;
  return decode(new URL(token).pathname);
}

/** The file a path or URL ends in, decoded. */
const fileName = (token: string) =>
  decode((urlPath(token) ?? token).replace(/\\/g, '/').split('/').pop() ?? '');

function npmNames(token: string): string[] {
  const names: string[] = [];
  // A packed file (`npm pack`: `acme-tool-1.0.0.tgz` for @acme/tool, `tool-1.0.0.tgz` for tool).
  const packed = fileName(token)
    .match(/^(.+?)-\d[^/]*\.tgz$/i)?.[1]
    ?.toLowerCase();
  if (packed) {
    names.push(packed);
    for (const m of packed.matchAll(/-/g))
      names.push(`@${packed.slice(0, m.index)}/${packed.slice(m.index + 1)}`);
  }
  const path = urlPath(token);
  if (path !== undefined) {
    // The registry's tarball address: …/<name>/-/<file>, a scope the segment before the name.
    const segments = path.split('/');
    const dash = segments.indexOf('-');
    if (dash > 0) {
      const scope = segments[dash - 2];
      names.push(`${scope?.startsWith('@') ? `${scope}/` : ''}${segments[dash - 1]}`.toLowerCase());
    }
    return names;
  }
  for (const m of token.replace(/\\/g, '/').matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g))
    if (m[1] !== '.bin') names.push(m[1]!.toLowerCase());
  const alias = token.toLowerCase().indexOf('@npm:', 1);
  if (alias > 0) names.push(PLAIN.npm!(token.slice(alias + '@npm:'.length)));
  names.push(PLAIN.npm!(token));
  return names;
}

function pypiNames(token: string): string[] {
  const file = fileName(token);
  const names = [PLAIN.pypi!(token)];
  if (/\.whl$/i.test(file)) names.push(PLAIN.pypi!(file.split('-')[0]!));
  const sdist = file.match(/^(.+)\.(?:tar\.gz|tar\.bz2|tar\.xz|tgz|tar|zip)$/i)?.[1];
  // The name ends before the version: before some "-" followed by a digit.
  if (sdist) for (const m of sdist.matchAll(/-(?=\d)/g)) names.push(PLAIN.pypi!(sdist.slice(0, m.index)));
  return names;
}

function nugetNames(token: string): string[] {
  const file = fileName(token);
  const nupkg = file.match(/^(.+?)\.\d+(?:\.\d+)*(?:-[^.]+)?\.nupkg$/i)?.[1];
  return nupkg ? [PLAIN.nuget!(token), nupkg.toLowerCase()] : [PLAIN.nuget!(token)];
}

const READERS: Readonly<Record<string, (token: string) => string[]>> = {
  npm: npmNames,
  pypi: pypiNames,
  oci: (token) => [PLAIN.oci!(token)],
  nuget: nugetNames,
};

/** The names of `registryType` that `token` may spell, canonical (none for a type this does not read). */
export function namesSpelled(registryType: string, token: string): string[] {
  const type = registryType.toLowerCase();
  return Object.hasOwn(READERS, type) ? READERS[type]!(token).filter((n) => n !== '') : [];
}
