import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo } from 'react';
import { notify } from '../../../lib/notify';
import { useGetBrowserStatesQuery } from '../../suites/api';
import { useGetModulesQuery } from '../api';
import { messages } from '../messages';
import type { BrowserState, Module } from '../types';

export interface TestSetupPatch {
  test_module_id_for_setup?: string | null;
  browser_state_id?: string | null;
}

export interface TestSetupFieldsProps {
  /** The project of the test: its modules and browser states are the choices. */
  suiteId: string;
  /** The test being edited: a module made from it cannot be its own setup. */
  testId?: string;
  moduleId: string | null;
  browserStateId: string | null;
  onChange: (patch: TestSetupPatch) => void;
  disabled?: boolean;
}

// NOTE: MUI's Select needs a string value; '' stands for "none".
const NONE = '';
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const byName = <T extends { name: string }>(a: T, b: T) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** SPEC §8: the test's one setup module could not be read (singular), or the list to choose from (plural). */
const fetchFailedOf = (moduleId: string | null) =>
  moduleId ? messages.fetchOneFailed : messages.fetchFailed;

function moduleHelp(module: Module | null, failed: boolean, moduleId: string | null): string {
  if (failed) return fetchFailedOf(moduleId);
  if (!module) return "Runs a module's steps first, in the same page, before the test's own steps.";
  if (module.module_type === 'python_script' && !module.is_defining_py_script_approved)
    return 'This script is waiting for approval: runs of this test cannot start until an expert or an admin approves it.';
  return `The steps of "${module.name}" run first, in the same page.`;
}

function stateHelp(state: BrowserState | null, modules: readonly Module[], failed: boolean): string {
  if (failed) return messages.browserStatesFailed;
  if (!state)
    return 'Starts the test with the cookies and local storage a module saved, so it skips signing in.';
  const maker = modules.find((module) => module.module_id === state.module_id);
  const updated = state.updated_at
    ? `updated ${dateFormat.format(new Date(state.updated_at))}`
    : 'not saved yet';
  return maker
    ? `Saved by "${maker.name}", ${updated}; refreshed each time it runs green.`
    : `Saved state, ${updated}.`;
}

/** A test's setup: a module that runs first and a saved browser state to start from (issue 13). */
export function TestSetupFields({
  suiteId,
  testId,
  moduleId,
  browserStateId,
  onChange,
  disabled = false,
}: TestSetupFieldsProps) {
  const modulesQuery = useGetModulesQuery(suiteId);
  const statesQuery = useGetBrowserStatesQuery(suiteId);
  const modules = useMemo(
    () =>
      [...(modulesQuery.data ?? [])]
        .filter((module) => !testId || module.test_case_id !== testId)
        .sort(byName),
    [modulesQuery.data, testId],
  );
  // NOTE: the server sends the whole BrowserState of contract/modules.ts; suites/api.ts types only id and name.
  const states = useMemo(
    () => [...((statesQuery.data ?? []) as Partial<BrowserState>[])].map(toState).sort(byName),
    [statesQuery.data],
  );

  useEffect(() => {
    if (modulesQuery.isError) notify.error(fetchFailedOf(moduleId));
    // NOTE: said once when the read fails, not again when the choice changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [modulesQuery.isError]);
  useEffect(() => {
    if (statesQuery.isError) notify.error(messages.browserStatesFailed);
  }, [statesQuery.isError]);

  const module = modules.find((m) => m.module_id === moduleId) ?? null;
  const state = states.find((s) => s.id === browserStateId) ?? null;
  // A value the lists do not hold (not loaded yet, or deleted) stays chosen under a plain label.
  const missingModule = moduleId && !module;
  const missingState = browserStateId && !state;

  return (
    <Stack spacing={2}>
      <TextField
        select
        fullWidth
        label="Setup module"
        value={moduleId ?? NONE}
        disabled={disabled}
        error={modulesQuery.isError}
        helperText={moduleHelp(module, modulesQuery.isError, moduleId)}
        onChange={(event) => onChange({ test_module_id_for_setup: event.target.value || null })}
      >
        <MenuItem value={NONE}>
          <em>None</em>
        </MenuItem>
        {modules.map((m) => (
          <MenuItem key={m.module_id} value={m.module_id}>
            {m.name}
            {m.module_type === 'python_script' ? ' (Python script)' : ''}
          </MenuItem>
        ))}
        {missingModule ? (
          <MenuItem value={moduleId}>
            {modulesQuery.isLoading ? 'Loading…' : 'A module that no longer exists'}
          </MenuItem>
        ) : null}
      </TextField>
      <TextField
        select
        fullWidth
        label="Browser state"
        value={browserStateId ?? NONE}
        disabled={disabled}
        error={statesQuery.isError}
        helperText={stateHelp(state, modulesQuery.data ?? [], statesQuery.isError)}
        onChange={(event) => onChange({ browser_state_id: event.target.value || null })}
      >
        <MenuItem value={NONE}>
          <em>None</em>
        </MenuItem>
        {states.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
        {missingState ? (
          <MenuItem value={browserStateId}>
            {statesQuery.isLoading ? 'Loading…' : 'A browser state that no longer exists'}
          </MenuItem>
        ) : null}
      </TextField>
    </Stack>
  );
}

function toState(state: Partial<BrowserState>): BrowserState {
  return {
    id: String(state.id),
    name: String(state.name ?? ''),
    updated_at: state.updated_at ?? null,
    module_id: state.module_id ?? null,
  };
}
