"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { clearDraft, emptyDraft, type FlowTarget, type InquiryDraft, loadDraft, saveDraft } from "./draft";

/**
 * The flow's draft: read from sessionStorage once the page runs in the browser (the server
 * render has none), written back on every change. `ready` is false until it was read.
 */
export function useInquiryDraft(target: FlowTarget) {
  const [draft, setDraft] = useState<InquiryDraft>(() => emptyDraft(target.kind));
  const [ready, setReady] = useState(false);
  const targetRef = useRef(target);
  targetRef.current = target;
  const key = `${target.kind}:${target.companyId ?? ""}`;

  useEffect(() => {
    void key;
    setDraft(loadDraft(targetRef.current) ?? emptyDraft(targetRef.current.kind));
    setReady(true);
  }, [key]);

  const update = useCallback(
    (change: Partial<InquiryDraft> | ((d: InquiryDraft) => Partial<InquiryDraft>)) => {
      setDraft((current) => {
        const patch = typeof change === "function" ? change(current) : change;
        // Any edit of the content asks for a new check before the confirmation step.
        const next = { ...current, checked: false, ...patch };
        saveDraft(targetRef.current, next);
        return next;
      });
    },
    [],
  );

  /** The inquiry was sent: the draft is gone, here and in the storage. */
  const reset = useCallback(() => {
    clearDraft(targetRef.current);
    setDraft(emptyDraft(targetRef.current.kind));
  }, []);

  return { draft, ready, update, reset };
}
