/** What the reference page reads of the OpenAPI document. */
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: JsonSchema }> }
  >;
}

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  description?: string;
  contentMediaType?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const code = (text: string) => `<code>${escape(text)}</code>`;
const anchor = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, '-');

/** A schema as a short type, with its object properties as a nested list. */
function describe(schema: JsonSchema | undefined, depth = 0): string {
  if (!schema) return 'any';
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return `<a href="#schema-${anchor(name)}">${escape(name)}</a>`;
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((s) => describe(s, depth)).join(' | ');
  if (schema.allOf) return schema.allOf.map((s) => describe(s, depth)).join(' &amp; ');
  if (schema.const !== undefined) return code(JSON.stringify(schema.const));
  if (schema.enum) return schema.enum.map((v) => code(JSON.stringify(v))).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1)
    return types.map((t) => describe({ ...schema, type: t }, depth)).join(' | ');
  const type = types[0];
  if (type === 'array') return `array of ${describe(schema.items, depth)}`;
  if (type === 'object' || schema.properties) {
    if (!schema.properties || depth > 6) {
      const values = schema.additionalProperties;
      return typeof values === 'object' ? `map of ${describe(values, depth)}` : 'object';
    }
    const required = new Set(schema.required ?? []);
    const rows = Object.entries(schema.properties).map(
      ([name, prop]) =>
        `<li>${code(name)}${required.has(name) ? '' : ' <i>optional</i>'}: ${describe(prop, depth + 1)}${
          prop.description ? ` <span class="note">${escape(prop.description)}</span>` : ''
        }</li>`,
    );
    return `object<ul>${rows.join('')}</ul>`;
  }
  const limits = [
    schema.format,
    schema.contentMediaType,
    // zod bounds every integer by the safe range: not worth a note.
    schema.minimum !== undefined && schema.minimum > Number.MIN_SAFE_INTEGER
      ? `≥ ${schema.minimum}`
      : '',
    schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER
      ? `≤ ${schema.maximum}`
      : '',
    schema.maxLength !== undefined ? `≤ ${schema.maxLength} characters` : '',
  ].filter(Boolean);
  return `${escape(type ?? 'any')}${limits.length ? ` <span class="note">(${escape(limits.join(', '))})</span>` : ''}`;
}

function media(content: Record<string, { schema?: JsonSchema }> | undefined): string {
  if (!content) return '';
  return Object.entries(content)
    .map(([type, { schema }]) => `<div>${code(type)}: ${describe(schema)}</div>`)
    .join('');
}

function operation(method: string, path: string, op: Operation): string {
  const id = anchor(`${method}-${path}`);
  const auth = op.security?.length === 0 ? 'public' : 'bearer token';
  const params = (op.parameters ?? [])
    .map(
      (p) =>
        `<li>${code(p.name)} <span class="note">in ${escape(p.in)}${p.required ? ', required' : ''}</span>: ${describe(p.schema)}</li>`,
    )
    .join('');
  const responses = Object.entries(op.responses ?? {})
    .map(
      ([status, r]) =>
        `<li><b>${escape(status)}</b> ${escape(r.description ?? '')}${media(r.content)}</li>`,
    )
    .join('');
  return `<section id="${id}"><h3><span class="method ${method}">${method.toUpperCase()}</span> ${code(path)}</h3>
<p>${escape(op.summary ?? '')} <span class="note">(${auth})</span></p>
${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ''}
${op.requestBody ? `<h4>Body</h4>${media(op.requestBody.content)}` : ''}
<h4>Responses</h4><ul>${responses}</ul></section>`;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1c1917}
code{font:13px ui-monospace,monospace;background:#f5f5f4;padding:0 .2em;border-radius:3px}
section{border-top:1px solid #e7e5e4;padding:.5rem 0}h3{margin:.5rem 0}h4{margin:.5rem 0 .2rem}
ul{margin:.2rem 0;padding-left:1.4rem}.note{color:#57534e}
.method{display:inline-block;min-width:4.2em;font:bold 12px ui-monospace,monospace;padding:.15em .4em;border-radius:3px;color:#fff;background:#57534e}
.get{background:#0369a1}.post{background:#15803d}.put{background:#b45309}.delete{background:#b91c1c}
nav ul{columns:2}`;

/**
 * The API reference page, written on the server from the OpenAPI document: plain HTML and one
 * style sheet, no script and nothing from another origin, so it passes the page's CSP as is.
 */
export function renderApiReference(
  doc: OpenApiDocument,
  documentUrl = '/api/openapi.json',
): string {
  const byTag = new Map<string, string[]>();
  const toc = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operation(method, path, op)]);
      toc.set(tag, [
        ...(toc.get(tag) ?? []),
        `<li><a href="#${anchor(`${method}-${path}`)}">${method.toUpperCase()} ${escape(path)}</a></li>`,
      ]);
    }
  }
  const tags = [...byTag.keys()].sort();
  const schemas = Object.entries(doc.components?.schemas ?? {})
    .map(
      ([name, schema]) =>
        `<section id="schema-${anchor(name)}"><h3>${escape(name)}</h3>${describe(schema)}</section>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)} API reference</title><style>${STYLE}</style></head>
<body><h1>${escape(doc.info.title)} API <span class="note">${escape(doc.info.version)}</span></h1>
<p>${escape(doc.info.description ?? '')}</p>
<p>The same as an OpenAPI 3.1 document: <a href="${escape(documentUrl)}">${escape(documentUrl)}</a></p>
<nav>${tags.map((t) => `<h4>${escape(t)}</h4><ul>${toc.get(t)!.join('')}</ul>`).join('')}</nav>
${tags.map((t) => `<h2 id="tag-${anchor(t)}">${escape(t)}</h2>${byTag.get(t)!.join('')}`).join('')}
${schemas ? `<h2 id="schemas">Schemas</h2>${schemas}` : ''}
</body></html>`;
}
