import { closeSnackbar, MaterialDesignContent, type CustomContentProps } from 'notistack';
import { forwardRef, useRef, useState, type PointerEvent } from 'react';

// SPEC §9's toasts: a swipe of 45 px or more sideways dismisses one (shorter, it springs back), and a
// dismissed toast leaves in 200 ms before it is unmounted.
export const TOAST_SWIPE_THRESHOLD_PX = 45;
export const TOAST_TIME_BEFORE_UNMOUNT_MS = 200;

/** A toast the pointer can swipe away; otherwise notistack's own content. */
export const SwipeableToast = forwardRef<HTMLDivElement, CustomContentProps>(
  function SwipeableToast(props, ref) {
    const start = useRef<number | null>(null);
    const [offset, setOffset] = useState(0);
    const end = (event: PointerEvent<HTMLDivElement>) => {
      if (start.current === null) return;
      const moved = event.clientX - start.current;
      start.current = null;
      if (Math.abs(moved) >= TOAST_SWIPE_THRESHOLD_PX) closeSnackbar(props.id);
      else setOffset(0);
    };
    // NOTE: the ref (and its transform) belong to notistack's slide transition: the swipe moves the
    // inner box. No pointer capture, so the dismiss button's click still lands on the button.
    return (
      <div ref={ref}>
        <div
          onPointerDown={(event) => {
            if (event.button === 0) start.current = event.clientX;
          }}
          onPointerMove={(event) => {
            if (start.current !== null) setOffset(event.clientX - start.current);
          }}
          onPointerUp={end}
          onPointerLeave={end}
          onPointerCancel={() => {
            start.current = null;
            setOffset(0);
          }}
          style={{
            transform: offset ? `translateX(${offset}px)` : undefined,
            opacity: offset ? Math.max(0.3, 1 - Math.abs(offset) / 200) : undefined,
            touchAction: 'pan-y',
          }}
        >
          <MaterialDesignContent {...props} />
        </div>
      </div>
    );
  },
);
