import { Text, View } from "@react-pdf/renderer";
import { problem, solution } from "../../app/content/investors";
import { s } from "./styles";
import { Eyebrow, Item } from "./text";

type Point = { id: string; title: string; description: string };

/** One column: an eyebrow, a heading and its points. */
function PointsColumn({ eyebrow, title, points }: { eyebrow: string; title: string; points: readonly Point[] }) {
  return (
    <View style={s.column}>
      <Eyebrow>{eyebrow}</Eyebrow>
      <Text style={s.h2}>{title}</Text>
      {points.map((p) => (
        <Item key={p.id} title={p.title} description={p.description} />
      ))}
    </View>
  );
}

/** Two columns: the problem's points beside the solution for each audience. */
export function ProblemAndSolution() {
  return (
    <View style={s.columns}>
      <PointsColumn eyebrow={problem.eyebrow} title={problem.title} points={problem.points} />
      <PointsColumn eyebrow={solution.eyebrow} title={solution.title} points={solution.audiences} />
    </View>
  );
}
