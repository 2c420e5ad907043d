import fs from 'node:fs';
import path from 'node:path';
import { serverSource } from '../lib/paths';

// Agents' prompts live in <agent>/prompt.md: a YAML header (name, description, model, tools), the
// instructions, then <example> blocks. They are checked when loaded and fail loudly.

export const AGENT_NAMES = ['planner', 'coder', 'verifier'] as const;
export type AgentName = (typeof AGENT_NAMES)[number];

export interface AgentPrompt {
  name: string;
  description: string;
  /** 'inherit' uses the configured AI_MODEL. */
  model: string;
  tools: string[];
  /** Instructions and examples: the system prompt. */
  body: string;
  examples: string[];
}

export class PromptError extends Error {
  override name = 'PromptError';
}

/** Reads the small YAML subset the headers use: `key: value` and `key: [a, b]` or `- item` lists. */
function parseHeader(header: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  let listKey: string | null = null;
  for (const line of header.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const item = /^\s+-\s+(.*)$/.exec(line);
    if (item && listKey) {
      (fields[listKey] as string[]).push(unquote(item[1].trim()));
      continue;
    }
    const pair = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
    if (!pair) throw new PromptError(`YAML header line is not "key: value": ${line.trim()}`);
    const [, key, raw] = pair;
    const value = raw.trim();
    listKey = null;
    if (value === '') {
      fields[key] = [];
      listKey = key;
    } else if (value.startsWith('[')) {
      if (!value.endsWith(']')) throw new PromptError(`YAML list for "${key}" is not closed with ]`);
      const inner = value.slice(1, -1).trim();
      fields[key] = inner ? inner.split(',').map((part) => unquote(part.trim())) : [];
    } else {
      fields[key] = unquote(value);
    }
  }
  return fields;
}

function unquote(value: string): string {
  return /^(['"]).*\1$/.test(value) ? value.slice(1, -1) : value;
}

/** Parses and checks a prompt file's text; `expectedName` is the agent it must describe. */
export function parsePrompt(text: string, expectedName?: string): AgentPrompt {
  const normalized = text.replace(/\r\n/g, '\n');
  const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(normalized);
  if (!match) throw new PromptError('Prompt file must start with a YAML header between --- lines');
  const fields = parseHeader(match[1]);
  for (const key of ['name', 'description', 'model', 'tools'])
    if (!(key in fields)) throw new PromptError(`YAML header must contain a "${key}" field`);
  for (const key of ['name', 'description', 'model'])
    if (typeof fields[key] !== 'string' || !(fields[key] as string).trim())
      throw new PromptError(`YAML header field "${key}" must be a non-empty string`);
  if (!Array.isArray(fields.tools)) throw new PromptError('YAML header field "tools" must be a list');
  if (expectedName && fields.name !== expectedName)
    throw new PromptError(
      `YAML header field "name" must be "${expectedName}" (got "${fields.name as string}")`,
    );
  const body = match[2].trim();
  const opened = (body.match(/<example>/g) ?? []).length;
  const closed = (body.match(/<\/example>/g) ?? []).length;
  if (opened !== closed) throw new PromptError('Every <example> block must be closed with </example>');
  const examples = [...body.matchAll(/<example>([\s\S]*?)<\/example>/g)].map((example) => example[1].trim());
  if (examples.length === 0) throw new PromptError('Prompt must contain at least one <example> block');
  if (!body.replace(/<example>[\s\S]*?<\/example>/g, '').trim())
    throw new PromptError('Prompt must contain instructions before its examples');
  return {
    name: fields.name as string,
    description: fields.description as string,
    model: fields.model as string,
    tools: fields.tools as string[],
    body,
    examples,
  };
}

const cache = new Map<string, AgentPrompt>();

/** Loads server/src/agents/<name>/prompt.md (once); throws PromptError naming the file. */
export function loadPrompt(name: AgentName, dir = serverSource('agents')): AgentPrompt {
  const file = path.join(dir, name, 'prompt.md');
  const cached = cache.get(file);
  if (cached) return cached;
  let prompt: AgentPrompt;
  try {
    prompt = parsePrompt(fs.readFileSync(file, 'utf8'), name);
  } catch (error) {
    if (error instanceof PromptError) throw new PromptError(`${file}: ${error.message}`);
    throw error;
  }
  cache.set(file, prompt);
  return prompt;
}

export function loadAllPrompts(dir = serverSource('agents')): Record<AgentName, AgentPrompt> {
  return Object.fromEntries(AGENT_NAMES.map((name) => [name, loadPrompt(name, dir)])) as Record<
    AgentName,
    AgentPrompt
  >;
}
