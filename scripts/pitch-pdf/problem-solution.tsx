import { Text, View } from "@react-pdf/renderer";
import { problem, solution } from "../../app/content/investors";
import { s } from "./styles";
import { Eyebrow, Item } from "./text";

/** Two columns: the problem's points beside the solution for each audience. */
export function ProblemAndSolution() {
  return (
    <View style={s.columns}>
      <View style={s.column}>
        <Eyebrow>{problem.eyebrow}</Eyebrow>
        <Text style={s.h2}>{problem.title}</Text>
        {problem.points.map((p) => (
          <Item key={p.id} title={p.title} description={p.description} />
        ))}
      </View>
      <View style={s.column}>
        <Eyebrow>{solution.eyebrow}</Eyebrow>
        <Text style={s.h2}>{solution.title}</Text>
        {solution.audiences.map((a) => (
          <Item key={a.id} title={a.title} description={a.description} />
        ))}
      </View>
    </View>
  );
}
