import { Text, View } from "@react-pdf/renderer";
import { roadmapIntro } from "../../app/content/investors";
import { highlightedRoadmapIndex, roadmapOn, statusWords } from "../../app/content/dated";
import { s } from "./styles";
import { SectionTitle } from "./text";

/** The roadmap, a card a year, with statuses on `today` (app/content/dated.ts); the current or upcoming year is highlighted. */
export function Roadmap({ today }: { today: string }) {
  const roadmap = roadmapOn(today);
  const highlight = highlightedRoadmapIndex(roadmap);
  return (
    <View style={s.section}>
      <SectionTitle eyebrow={roadmapIntro.eyebrow} title={roadmapIntro.title} />
      <View style={s.roadmap}>
        {roadmap.map((item, index) => (
          <View key={item.year} style={index === highlight ? [s.roadmapItem, s.roadmapHighlight] : s.roadmapItem}>
            <View style={s.roadmapTop}>
              <Text style={s.roadmapYear}>{item.year}</Text>
              <Text style={index === highlight ? [s.status, s.statusUpcoming] : s.status}>
                {statusWords[item.status].toUpperCase()}
              </Text>
            </View>
            <Text style={s.itemTitle}>{item.title}</Text>
            <Text style={s.itemText}>{item.description}</Text>
          </View>
        ))}
      </View>
    </View>
  );
}
