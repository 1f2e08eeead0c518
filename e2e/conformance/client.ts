// The client the official conformance suite drives: `conformance client --command "<this>"` runs it
// with the test server's URL as the last argument and the scenario in MCP_CONFORMANCE_SCENARIO.
// It uses only our library (electron/mcp) and does what each scenario expects of a client.
import {
  type ClientHandlers,
  createHttpTransport,
  idJagFrom,
  listSkills,
  loadSkill,
  McpClient,
  MemoryAuthStore,
  OAuthAuthorizer,
  offersSkills,
} from '../../electron/mcp';
import { applyElicitationDefaults } from '../../shared/mcp/elicitationDefaults';

const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const url = process.argv.at(-1);

/** Arguments for the tools the scenarios define; other tools get {}. */
const TOOL_ARGS: Record<string, Record<string, unknown>> = {
  add_numbers: { a: 5, b: 3 },
};

const handlers: ClientHandlers = {
  elicitation: {
    // Accept with the schema's defaults, as a person who leaves every field as offered would.
    form: async (params) => ({ action: 'accept', content: applyElicitationDefaults(params.requestedSchema) }),
  },
  sampling: {
    createMessage: async () => ({
      role: 'assistant',
      content: { type: 'text', text: 'conformance sampling reply' },
      model: 'conformance',
    }),
  },
  roots: { list: () => [] },
};

/** What an auth scenario hands the client (pre-registered or client-credentials clients). */
const context: Record<string, unknown> = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}');
const text = (key: string) => (typeof context[key] === 'string' ? context[key] : undefined);

/** A Client ID Metadata Document URL for the scenarios that offer CIMD (the suite never fetches it). */
const CONFORMANCE_CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

const log = (line: string) => console.error(`[auth] ${line}`);

/** A workload's identity token, or an ID-JAG from the enterprise identity provider (RFC 7523 grants). */
function assertionGrant(clientId: string | undefined) {
  if (!clientId) return {};
  if (scenario === 'auth/wif-jwt-bearer') {
    const jwt = text('valid_jwt');
    return jwt ? { assertionGrant: { clientId, assertion: async () => jwt } } : {};
  }
  if (
    scenario !== 'auth/enterprise-managed-authorization' &&
    scenario !== 'auth/cross-app-access-complete-flow'
  )
    return {};
  const [issuer, tokenEndpoint, idpClient, idToken] = [
    'idp_issuer',
    'idp_token_endpoint',
    'idp_client_id',
    'idp_id_token',
  ].map(text);
  if (!issuer || !tokenEndpoint || !idpClient || !idToken) return {};
  const idp = { issuer, tokenEndpoint, clientId: idpClient, idToken: async () => idToken };
  return {
    assertionGrant: {
      clientId,
      ...(text('client_secret') ? { clientSecret: text('client_secret') } : {}),
      assertion: idJagFrom(idp, { fetch, log, label: scenario }),
    },
  };
}

function authorizer(serverUrl: string): OAuthAuthorizer {
  const clientId = text('client_id');
  const isClientCredentials = scenario.startsWith('auth/client-credentials');
  return new OAuthAuthorizer({
    ...assertionGrant(clientId),
    serverUrl,
    store: new MemoryAuthStore(),
    label: scenario,
    log,
    clientMetadataUrl: CONFORMANCE_CLIENT_METADATA_URL,
    ...(clientId && scenario === 'auth/pre-registration'
      ? {
          preRegistered: {
            clientId,
            ...(text('client_secret') ? { clientSecret: text('client_secret') } : {}),
          },
        }
      : {}),
    ...(clientId && isClientCredentials
      ? {
          clientCredentials: {
            clientId,
            ...(text('client_secret') ? { clientSecret: text('client_secret') } : {}),
            ...(text('private_key_pem') ? { privateKeyPem: text('private_key_pem') } : {}),
            ...(text('signing_algorithm') ? { algorithm: text('signing_algorithm') } : {}),
          },
        }
      : {}),
    // The suite's authorization endpoint answers at once with a redirect: following it, as a browser
    // would, brings the code to our loopback listener.
    signIn: async ({ url: page }) => {
      const response = await fetch(page);
      await response.text();
    },
  });
}

async function main(): Promise<void> {
  if (!url) throw new Error('usage: client.ts <server-url> (with MCP_CONFORMANCE_SCENARIO set)');
  const client = await McpClient.connect({
    transport: createHttpTransport({ url, label: scenario, auth: authorizer(url) }, 'http'),
    serverName: scenario,
    handlers,
    // Either era: the 2026-07-28 scenarios are modern servers, the rest legacy ones.
    protocol: 'auto',
    requestTimeoutMs: 20_000,
  });
  client.onTransportLog((l) => console.error(`[transport] ${l.text}`));
  try {
    if (offersSkills(client.serverCapabilities)) {
      // Skills (SEP-2640): the list, and — as a person who chose one — the first skill loaded, each
      // file verified. The verify scenarios stand for that choice; no-prefetch for a person who only
      // looked at the list (nothing of a skill is read then).
      const { skills, refused } = await listSkills(client);
      for (const why of refused) console.error(`[skills] left out: ${why}`);
      console.log(JSON.stringify({ skills: skills.map((s) => s.uri) }));
      if (scenario.startsWith('sep-2640-client-verify') && skills[0]) {
        const loaded = await loadSkill(client, skills[0]).catch((error: Error) => {
          console.error(`[skills] ${error.message}`);
          return undefined;
        });
        console.log(JSON.stringify({ loaded: loaded?.files.map((f) => f.uri) ?? null }));
      }
    }
    if (client.serverCapabilities.tools) {
      const tools = await client.listTools();
      // `initialize` only checks the handshake; every other scenario is about calling its tools.
      if (scenario !== 'initialize') {
        // A scenario may name the calls to make (with their arguments); else every tool is called.
        const calls = Array.isArray(context.toolCalls)
          ? (context.toolCalls as { name: string; arguments?: Record<string, unknown> }[])
          : tools.map((t) => ({
              name: t.name,
              // The schema-preservation scenario asks for the other (focal) tool's inputSchema back,
              // exactly as our library holds it.
              arguments:
                t.name === 'json_schema_echo'
                  ? { schema: tools.find((f) => f.name !== t.name)?.inputSchema ?? {} }
                  : (TOOL_ARGS[t.name] ?? {}),
            }));
        for (const call of calls) {
          // One refused call does not end the run: the scenario's checks say what mattered.
          const result = await client.callTool(call.name, call.arguments ?? {}).catch((error: Error) => {
            console.error(`[call] ${call.name}: ${error.message}`);
            return undefined;
          });
          console.log(JSON.stringify({ tool: call.name, result }));
        }
      }
    }
  } finally {
    await client.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
