export interface BreadcrumbItem {
  label: string;
  href?: string;
}

/** Splits '/test-cases/shared-parameters' into linked items; hyphens become spaces, the last item has no link. */
export function pathToBreadcrumbs(path: string): BreadcrumbItem[] {
  const segments = path.split('/').filter((segment) => segment.length > 0);
  return segments.map((segment, index) => {
    const label = safeDecode(segment).replace(/-/g, ' ');
    const isLast = index === segments.length - 1;
    return isLast ? { label } : { label, href: `/${segments.slice(0, index + 1).join('/')}` };
  });
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
