/**
 * A line drawn in a `width` × `height` box that stretches to its container, as one image with a
 * label: the charts' shared frame (income over time, trade prices). The path is in the box's units;
 * the stroke keeps its width however the box is stretched.
 */
export function LineChartSvg({
  width,
  height,
  path,
  label,
  colour,
}: {
  width: number;
  height: number;
  path: string;
  label: string;
  colour: string;
}) {
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      width="100%"
      height={height}
      role="img"
      aria-label={label}
    >
      <path d={path} fill="none" stroke={colour} strokeWidth={2} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
