import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { notify } from '../../../lib/notify';
import type { TestCase } from '../../tests/api';
import { fetchApiFile } from '../../../lib/download';
import {
  downloadBlob,
  downloadText,
  needsProject,
  projectFileName,
  scriptFileName,
  type ScriptLanguage,
} from '../exportScript';
import { messages } from '../messages';

const LANGUAGES: { language: ScriptLanguage; label: string; mime: string }[] = [
  { language: 'typescript', label: 'TypeScript', mime: 'text/typescript' },
  { language: 'python', label: 'Python', mime: 'text/x-python' },
];

/** Export of the generated test: Playwright Test (TypeScript) or pytest-playwright (Python). */
type ExportedTest = Pick<TestCase, 'name' | 'finalScript' | 'finalScriptPy'> &
  Partial<Pick<TestCase, 'id' | 'testModuleIdForSetup' | 'browserStateId' | 'testGenerationSteps'>>;

/** The test as a project (its modules' helpers and setup) from the server, zipped. */
const fetchProject = (id: string, language: ScriptLanguage) =>
  fetchApiFile(`/test-case/${encodeURIComponent(id)}/export.zip?language=${language}`);

/** The project downloads a test that uses modules offers, one per language. */
const PROJECTS: { language: ScriptLanguage; label: string; detail: string }[] = [
  { language: 'typescript', label: 'Download Playwright project', detail: 'with a setup project' },
  { language: 'python', label: 'Download pytest project', detail: 'with a conftest.py fixture' },
];

export function ExportMenu({ test }: { test: ExportedTest }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const scripts: Record<ScriptLanguage, string | null> = {
    typescript: test.finalScript,
    python: test.finalScriptPy,
  };
  if (!scripts.typescript && !scripts.python) return null;

  const copy = async (script: string) => {
    setAnchor(null);
    try {
      await navigator.clipboard.writeText(script);
      notify.success(messages.copied);
    } catch {
      notify.error(messages.copyFailed);
    }
  };

  const project =
    test.id !== undefined &&
    needsProject({
      testModuleIdForSetup: test.testModuleIdForSetup ?? null,
      browserStateId: test.browserStateId ?? null,
      testGenerationSteps: test.testGenerationSteps ?? [],
    });
  const downloadProject = async (language: ScriptLanguage) => {
    setAnchor(null);
    try {
      downloadBlob(projectFileName(test.name, language), await fetchProject(test.id!, language));
    } catch (error) {
      notify.error(`${messages.exportFailed} ${(error as Error).message}`);
    }
  };

  const download = (language: ScriptLanguage, mime: string) => {
    setAnchor(null);
    const script = scripts[language];
    if (script) downloadText(scriptFileName(test.name, language), script, mime);
  };

  return (
    <>
      <Button
        startIcon={<FileDownloadOutlinedIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Export
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LANGUAGES.flatMap(({ language, label, mime }, index) => {
          const script = scripts[language];
          return [
            index > 0 && <Divider key={`${language}-divider`} />,
            <MenuItem
              key={`${language}-copy`}
              disabled={!script || project}
              onClick={() => script && void copy(script)}
            >
              <ListItemIcon>
                <ContentCopyOutlinedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>Copy {label}</ListItemText>
            </MenuItem>,
            <MenuItem
              key={`${language}-download`}
              disabled={!script || project}
              onClick={() => download(language, mime)}
            >
              <ListItemIcon>
                <DownloadOutlinedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={`Download ${label}`}
                // NOTE: one file cannot hold the modules it calls: only the project runs as it is.
                secondary={
                  project ? 'Uses modules: download a project below' : scriptFileName(test.name, language)
                }
              />
            </MenuItem>,
          ].filter(Boolean);
        })}
        {project && <Divider />}
        {project &&
          PROJECTS.map(({ language, label, detail }) => (
            <MenuItem key={`${language}-project`} onClick={() => void downloadProject(language)}>
              <ListItemIcon>
                <DownloadOutlinedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={label}
                secondary={`${projectFileName(test.name, language)}: uses modules, so it comes ${detail}`}
              />
            </MenuItem>
          ))}
      </Menu>
    </>
  );
}
