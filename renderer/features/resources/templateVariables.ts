import { parseTemplate } from 'url-template';

/** The variable names of an RFC 6570 URI template, in order, without operators or modifiers. */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const [, body] of template.matchAll(/\{([^}]+)\}/g)) {
    for (const part of body!.replace(/^[+#./;?&]/, '').split(',')) {
      const name = part.replace(/(\*|:\d+)$/, '').trim();
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** The URI for the given values (RFC 6570 expansion; values are percent-encoded as the template says). */
export function expandTemplate(template: string, values: Record<string, string>): string {
  return parseTemplate(template).expand(values);
}
