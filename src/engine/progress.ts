/** Progress events, one or more per stage, so a UI can show where a long translation is. */
export type EngineStage =
  | "decode"
  | "detect"
  | "read"
  | "analyze"
  | "erase"
  | "translate"
  | "render"
  | "encode";

export interface ProgressEvent {
  stage: EngineStage;
  /** 0 when the stage starts, 1 when it ends. */
  progress: number;
}

export type ProgressListener = (event: ProgressEvent) => void;

export interface RunControl {
  signal?: AbortSignal;
  onProgress?: ProgressListener;
}

/** Runs one stage: checks for cancellation before it and reports its start and end. */
export async function stage<T>(
  control: RunControl,
  name: EngineStage,
  work: () => Promise<T> | T,
): Promise<T> {
  control.signal?.throwIfAborted();
  control.onProgress?.({ stage: name, progress: 0 });
  const result = await work();
  control.signal?.throwIfAborted();
  control.onProgress?.({ stage: name, progress: 1 });
  return result;
}
