import { Text, View } from "@react-pdf/renderer";
import { roadmapIntro } from "../../app/content/investors";
import { roadmap } from "../../app/content/milestones";
import { s } from "./styles";
import { SectionTitle } from "./text";

/** The roadmap, a card a year; the upcoming year is highlighted. */
export function Roadmap() {
  return (
    <View style={s.section}>
      <SectionTitle eyebrow={roadmapIntro.eyebrow} title={roadmapIntro.title} />
      <View style={s.roadmap}>
        {roadmap.map((item) => (
          <View
            key={item.year}
            style={item.status === "upcoming" ? [s.roadmapItem, s.roadmapHighlight] : s.roadmapItem}
          >
            <View style={s.roadmapTop}>
              <Text style={s.roadmapYear}>{item.year}</Text>
              <Text style={item.status === "upcoming" ? [s.status, s.statusUpcoming] : s.status}>
                {item.status.toUpperCase()}
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
