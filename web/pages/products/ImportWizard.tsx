import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_LIMITS,
  IMPORT_REQUIRED_FIELDS,
  IMPORT_TEXT,
  type ImportMapping,
  type ImportReport,
  importApplyRights,
  type Job,
} from '#domain/imports';
import { PRODUCT_LIST_FALLBACK } from '#domain/product-list';
import { errorMessage, isNotFound } from '../../api/errors';
import { jobRunning, useJob, useStartImport } from '../../api/imports';
import { productKeys } from '../../api/keys';
import { formatCount } from '../../components/format';
import { SELECT_DEFAULTS } from '../../components/ListSelects';
import { usePermissions } from '../../session/usePermissions';
import { defaultMapping, fileProblem, readHeader } from './importHeader';
import { type ImportRun, saveImportRun } from './importRun';
import { IMPORT_SCREEN } from './texts';

type Props = {
  /** The job being followed, from an earlier visit (it survives a reload), or null. */
  resumed: ImportRun | null;
  onClose: () => void;
};

type Chosen = { file: File; headers: string[] };

const STEP = { file: 0, map: 1, check: 2, import: 3 } as const;
const STEP_NAMES = ['file', 'map', 'check', 'import'] as const;
const PHONE = '(max-width: 47.99em)';

/**
 * The import: choose a CSV, map its columns, check it (a dry run on the server, with its problems
 * by line and column), then import it. Each run is a background job followed until it ends; the
 * job is remembered, so a reload picks its progress up again.
 */
export function ImportWizard({ resumed, onClose }: Props) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [createMissing, setCreateMissing] = useState(false);
  const [run, setRun] = useState<ImportRun | null>(resumed);
  const [mapped, setMapped] = useState(false);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const start = useStartImport();
  const job = useJob(run?.jobId ?? null);
  const rights = usePermissions();
  // The right an import of this mapping would need and the user lacks: the check still runs.
  const mappedFields = IMPORT_FIELDS.filter((field) => !!mapping[field]);
  const missingRight = rights.ready
    ? (importApplyRights(mappedFields, createMissing).find((code) => !rights.has(code)) ?? null)
    : null;
  const queryClient = useQueryClient();

  const remember = (next: ImportRun | null) => {
    setRun(next);
    saveImportRun(next);
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) {
      setFileError(problem);
      return;
    }
    const headers = await readHeader(file);
    if (headers.length === 0) {
      setFileError(IMPORT_SCREEN.noHeader);
      return;
    }
    setFileError(null);
    start.reset();
    setChosen({ file, headers });
    setMapping(defaultMapping(headers));
    remember(null);
    setMapped(false);
  };

  const send = (dryRun: boolean) => {
    if (!chosen) return;
    setUploaded(0);
    start.mutate(
      { file: chosen.file, mapping, dryRun, createMissing, onProgress: setUploaded },
      {
        onSuccess: (jobId) => remember({ jobId, dryRun }),
        onSettled: () => setUploaded(null),
      },
    );
  };

  // A finished import changed products: every list and open product reads them again, once.
  const refreshed = useRef<string | null>(null);
  const finished = job.data && !jobRunning(job.data) ? job.data : null;
  useEffect(() => {
    if (finished?.report?.applied && refreshed.current !== finished.id) {
      refreshed.current = finished.id;
      queryClient.invalidateQueries({ queryKey: productKeys.all });
    }
  }, [finished, queryClient]);

  // The job is gone (an earlier database's, say): forget it rather than ask for it again.
  const gone = isNotFound(job.error);
  useEffect(() => {
    if (gone) {
      setRun(null);
      saveImportRun(null);
    }
  }, [gone]);

  const active = run
    ? finished?.report?.applied
      ? STEP.import + 1
      : run.dryRun
        ? STEP.check
        : STEP.import
    : mapped
      ? STEP.check
      : chosen
        ? STEP.map
        : STEP.file;
  const skuMapped = IMPORT_REQUIRED_FIELDS.every((f) => !!mapping[f]);
  const busy = start.isPending || (!!run && (!job.data || jobRunning(job.data)));
  // A finished run is done with; a running one stays remembered, and opening the wizard again shows it.
  const close = () => {
    if (!busy) saveImportRun(null);
    onClose();
  };

  return (
    <Modal
      opened
      onClose={close}
      title={IMPORT_SCREEN.title}
      size="xl"
      centered
      closeOnClickOutside={!busy}
      // On a phone the report's table needs the whole screen.
      fullScreen={phone}
    >
      <Stepper active={active} size={phone ? 'xs' : 'sm'} mb="lg" allowNextStepsSelect={false}>
        {/* On a phone only the current step is named, so the four fit one row. */}
        {STEP_NAMES.map((name, i) => (
          <Stepper.Step key={name} label={!phone || i === active ? IMPORT_SCREEN.steps[name] : undefined} />
        ))}
      </Stepper>

      {run ? (
        <JobView
          run={run}
          job={job.data}
          canApply={!!chosen}
          missingRight={missingRight}
          refusal={start.isError ? errorMessage(start.error, PRODUCT_LIST_FALLBACK.import) : null}
          starting={start.isPending}
          onApply={() => send(false)}
          onAnother={() => {
            remember(null);
            setChosen(null);
            setMapped(false);
          }}
          onClose={close}
        />
      ) : uploaded !== null ? (
        <Stack gap="xs">
          <Text size="sm">{IMPORT_SCREEN.checking}</Text>
          <Progress value={uploaded} animated aria-label="Upload" />
        </Stack>
      ) : !chosen ? (
        <FileDrop error={fileError} onFile={choose} />
      ) : (
        <Stack gap="md">
          {start.isError && (
            <Alert color="red" variant="light" role="alert" data-testid="import-refused">
              {errorMessage(start.error, PRODUCT_LIST_FALLBACK.import)}
            </Alert>
          )}
          <Group gap="xs">
            <IconFileTypeCsv size={20} aria-hidden />
            <Text fw={600}>{chosen.file.name}</Text>
            <Text size="sm" c="dimmed">
              {formatCount(chosen.headers.length)} columns
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {IMPORT_SCREEN.mapIntro}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {IMPORT_FIELDS.map((field) => {
              const required = (IMPORT_REQUIRED_FIELDS as readonly string[]).includes(field);
              return (
                <Select
                  {...SELECT_DEFAULTS}
                  key={field}
                  label={IMPORT_FIELD_LABELS[field]}
                  withAsterisk={required}
                  allowDeselect={!required}
                  clearable={!required}
                  placeholder={IMPORT_SCREEN.notMapped}
                  data={chosen.headers.filter((h) => h !== '').map((h) => ({ value: h, label: h }))}
                  value={mapping[field] ?? null}
                  onChange={(column) => setMapping((m) => ({ ...m, [field]: column ?? undefined }))}
                  error={required && !mapping[field] ? IMPORT_TEXT.skuNotMapped : undefined}
                  description={field === 'category' ? IMPORT_SCREEN.categoryHint : undefined}
                />
              );
            })}
          </SimpleGrid>
          <Checkbox
            label={IMPORT_SCREEN.createMissing}
            description={IMPORT_SCREEN.createMissingHelp}
            checked={createMissing}
            onChange={(e) => setCreateMissing(e.currentTarget.checked)}
          />
          <Group justify="space-between">
            <Button variant="default" onClick={() => setChosen(null)}>
              {IMPORT_SCREEN.back}
            </Button>
            <Button
              disabled={!skuMapped}
              loading={start.isPending}
              onClick={() => {
                setMapped(true);
                send(true);
              }}
            >
              {IMPORT_SCREEN.check}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function FileDrop({ error, onFile }: { error: string | null; onFile: (file: File | undefined) => void }) {
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onFile(event.dataTransfer.files[0]);
  };
  return (
    <Stack gap="xs">
      <Paper
        component="label"
        withBorder
        radius="md"
        p="xl"
        onDragOver={(e: DragEvent) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          cursor: 'pointer',
          textAlign: 'center',
          background: over ? 'var(--mantine-primary-color-light)' : undefined,
        }}
        className="mantine-focus-auto"
        data-testid="import-drop"
      >
        <Stack align="center" gap={6}>
          <IconUpload size={32} aria-hidden />
          <Text fw={600}>{IMPORT_SCREEN.drop}</Text>
          <Text size="sm" c="dimmed">
            {IMPORT_SCREEN.dropHint(IMPORT_LIMITS.maxBytes / 1024 / 1024)}
          </Text>
        </Stack>
        <VisuallyHidden>
          <input
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file"
            onChange={(e) => {
              onFile(e.currentTarget.files?.[0]);
              e.currentTarget.value = '';
            }}
          />
        </VisuallyHidden>
      </Paper>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

type JobProps = {
  run: ImportRun;
  job: Job | undefined;
  canApply: boolean;
  /** A right applying this file needs that the user lacks: the import is not offered, and why is said. */
  missingRight: ReturnType<typeof importApplyRights>[number] | null;
  /** The server's refusal of the last upload, as it said it. */
  refusal: string | null;
  starting: boolean;
  onApply: () => void;
  onAnother: () => void;
  onClose: () => void;
};

/** A job's progress while it runs, then its report; after a clean check, the button that imports. */
function JobView({
  run,
  job,
  canApply,
  missingRight,
  refusal,
  starting,
  onApply,
  onAnother,
  onClose,
}: JobProps) {
  if (!job || jobRunning(job)) {
    const done = job?.progress.done ?? 0;
    const total = job?.progress.total ?? null;
    const percent = total ? Math.min(100, Math.round((done / total) * 100)) : 0;
    return (
      <Stack gap="xs" data-testid="import-progress">
        <Text size="sm">
          {!job || job.state === 'queued'
            ? IMPORT_SCREEN.queued
            : run.dryRun
              ? IMPORT_SCREEN.checking
              : IMPORT_SCREEN.importing}
        </Text>
        <Progress
          value={percent}
          animated
          size="lg"
          aria-label={run.dryRun ? IMPORT_SCREEN.checking : IMPORT_SCREEN.importing}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {IMPORT_SCREEN.rows(done, total)}
        </Text>
      </Stack>
    );
  }
  const report = job.report;
  const clean = !!report && report.problem_count === 0;
  return (
    <Stack gap="md" data-testid="import-report">
      {job.state === 'failed' && (
        <Alert color="red" variant="light" role="alert">
          {job.error ?? IMPORT_SCREEN.failed}
        </Alert>
      )}
      {report && <ReportView report={report} />}
      {report?.applied && (
        <Alert color="green" variant="light">
          {IMPORT_SCREEN.done}
        </Alert>
      )}
      {report && run.dryRun && clean && !canApply && (
        <Text size="sm" c="dimmed">
          {IMPORT_SCREEN.chooseAgain}
        </Text>
      )}
      {report && run.dryRun && clean && missingRight && (
        <Alert color="yellow" variant="light" data-testid="import-not-allowed">
          {IMPORT_TEXT.needsRight(missingRight)}
        </Alert>
      )}
      {refusal && (
        <Alert color="red" variant="light" role="alert" data-testid="import-refused">
          {refusal}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onAnother}>
          {IMPORT_SCREEN.anotherFile}
        </Button>
        {run.dryRun && clean && canApply && !missingRight && report ? (
          <Button onClick={onApply} loading={starting}>
            {IMPORT_SCREEN.importRows(report.rows)}
          </Button>
        ) : (
          <Button onClick={onClose}>{IMPORT_SCREEN.close}</Button>
        )}
      </Group>
    </Stack>
  );
}

const COUNTS = [
  'rows',
  'created',
  'updated',
  'categories_created',
  'brands_created',
  'problem_count',
] as const;

function ReportView({ report }: { report: ImportReport }) {
  const more = report.problem_count - report.problems.length;
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
        {COUNTS.map((key) => (
          <Paper key={key} withBorder radius="sm" p="xs">
            <Text size="xs" c="dimmed">
              {IMPORT_SCREEN.reportLabels[key]}
            </Text>
            <Text
              fw={700}
              c={key === 'problem_count' && report[key] > 0 ? 'red' : undefined}
              data-testid={`report-${key}`}
            >
              {formatCount(report[key])}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {report.problem_count === 0 ? (
        !report.applied && <Text size="sm">{IMPORT_SCREEN.noProblems}</Text>
      ) : (
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {IMPORT_SCREEN.fixAndRetry}
          </Text>
          <Table.ScrollContainer minWidth={300} mah={320}>
            <Table striped verticalSpacing={4} fz="sm" aria-label={IMPORT_SCREEN.problemsTitle} stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={48}>{IMPORT_SCREEN.line}</Table.Th>
                  <Table.Th w="30%">{IMPORT_SCREEN.column}</Table.Th>
                  <Table.Th>{IMPORT_SCREEN.message}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.problems.map((p, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a line may have several problems; the report never reorders
                  <Table.Tr key={i}>
                    <Table.Td>{p.line}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {p.column ?? IMPORT_SCREEN.wholeRow}
                    </Table.Td>
                    <Table.Td>{p.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {more > 0 && (
            <Text size="sm" c="dimmed">
              {IMPORT_SCREEN.more(more)}
            </Text>
          )}
        </Stack>
      )}
    </>
  );
}
