/**
 * A canvas chart drawn by uPlot, as wide as its container. uPlot (and its stylesheet) is imported here
 * only, so it travels with the dashboard's route and never with a public page; the module itself is
 * fetched when a chart first mounts. The canvas is hidden from assistive technology: the summary
 * above it and the "Data" table below say everything it shows.
 */
import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { chartColours } from './chart-colours';

interface ChartSeries {
  label: string;
  values: readonly (number | null)[];
  colour: string;
  /** A dashed line, to tell two lines apart without colour. */
  dashed?: boolean;
}

interface ChartProps {
  kind: 'bars' | 'lines';
  /** What each point of the x axis is called on the axis ("3 Nov"). */
  xLabels: readonly string[];
  series: readonly ChartSeries[];
  height?: number;
}

function optionsOf(
  { kind, xLabels, series }: ChartProps,
  width: number,
  height: number,
  paths: typeof uPlot.paths,
): uPlot.Options {
  const narrow = width < 480;
  const bars = kind === 'bars' ? paths.bars?.({ size: [0.7, 48], gap: 2 }) : undefined;
  const axisFont = `${narrow ? 11 : 12}px system-ui, sans-serif`;
  return {
    width,
    height,
    legend: { show: false },
    cursor: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: {
      x: { time: false, range: kind === 'bars' ? [-0.5, xLabels.length - 0.5] : [0, xLabels.length - 1] },
      y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
    },
    axes: [
      {
        stroke: chartColours.axis,
        font: axisFont,
        grid: { show: false },
        ticks: { stroke: chartColours.grid },
        // Whole points only, each named by its label; far enough apart to be read on a phone.
        space: narrow ? 56 : 64,
        incrs: [1, 2, 3, 4, 6, 7, 14, 28],
        values: (_u, splits) => splits.map((at) => (Number.isInteger(at) ? (xLabels[at] ?? '') : '')),
      },
      {
        stroke: chartColours.axis,
        font: axisFont,
        size: narrow ? 36 : 48,
        grid: { stroke: chartColours.grid, width: 1 },
        ticks: { show: false },
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 50_000, 100_000],
        values: (_u, splits) => splits.map((at) => at.toLocaleString('en-IN')),
      },
    ],
    series: [
      {},
      ...series.map((each) => ({
        label: each.label,
        stroke: each.colour,
        fill: kind === 'bars' ? each.colour : undefined,
        width: kind === 'bars' ? 0 : 2.5,
        dash: each.dashed ? [6, 4] : undefined,
        paths: bars,
        points: { show: kind === 'lines' && xLabels.length <= 31, size: 5 },
      })),
    ],
  };
}

export function Chart(props: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const { height = 220 } = props;
  useEffect(() => {
    const element = box.current;
    // No layout to measure (a test's DOM has none, nor a canvas): the Data table stands alone.
    if (!element || typeof ResizeObserver === 'undefined') return;
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let active = true;
    void import('uplot').then(({ default: UPlot }) => {
      if (!active) return;
      const data = [
        props.xLabels.map((_label, at) => at),
        ...props.series.map((each) => [...each.values]),
      ] as uPlot.AlignedData;
      chart = new UPlot(optionsOf(props, element.clientWidth, height, UPlot.paths), data, element);
      observer = new ResizeObserver(() => {
        const width = element.clientWidth;
        if (chart && width > 0 && width !== chart.width) chart.setSize({ width, height });
      });
      observer.observe(element);
    });
    return () => {
      active = false;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [props, height]);
  return <div ref={box} aria-hidden="true" className="mt-4 min-h-[220px] w-full overflow-hidden" />;
}
