#!/usr/bin/env node
import { startAgent } from '../src/agent.js';

/**
 * npx @tavola/print-agent --url https://tavola.example.com --token tpa_…
 * (or TAVOLA_URL and TAVOLA_AGENT_TOKEN in the environment).
 */
const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const url = option('url') ?? process.env.TAVOLA_URL;
const token = option('token') ?? process.env.TAVOLA_AGENT_TOKEN;
if (!url || !token) {
  console.error('Usage: tavola-print-agent --url <server address> --token <device token>');
  process.exit(2);
}
const agent = startAgent({
  url,
  token,
  log: (line) => console.log(new Date().toISOString(), line),
});
agent.ended.then((code) => process.exit(code === 4403 ? 1 : 0));
process.on('SIGINT', () => void agent.close());
process.on('SIGTERM', () => void agent.close());
