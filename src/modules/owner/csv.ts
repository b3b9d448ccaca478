// Moved to src/lib/csv.ts (every domain's operator list uses it); kept for the console's other imports.
export {
  CSV_MAX_ROWS,
  type CsvColumn,
  type CsvFile,
  csvFile,
  csvFilename,
  japanDateTime,
  toCsv,
} from "@/lib/csv";
