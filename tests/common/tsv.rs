//! The fixtures' tab-separated records: `#` comment lines, then a header line naming the
//! columns, then one record a line.

use std::collections::BTreeMap;

/// One fixture line: its number in the file and its fields by column name.
pub struct Record {
    pub line: usize,
    fields: BTreeMap<String, String>,
}

impl Record {
    /// The field of `column`; a missing column fails the test, naming the line.
    pub fn get(&self, column: &str) -> &str {
        self.fields
            .get(column)
            .map(String::as_str)
            .unwrap_or_else(|| panic!("line {}: no column {column}", self.line))
    }
}

/// The records of `text`, each with as many fields as the header names.
pub fn records(text: &str) -> Vec<Record> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty());
    let (_, header) = lines.next().expect("a header line");
    let columns: Vec<&str> = header.split('\t').collect();
    lines
        .map(|(i, l)| {
            let values: Vec<&str> = l.split('\t').collect();
            assert_eq!(values.len(), columns.len(), "line {}: {l}", i + 1);
            Record {
                line: i + 1,
                fields: columns
                    .iter()
                    .zip(values)
                    .map(|(c, v)| (c.to_string(), v.to_string()))
                    .collect(),
            }
        })
        .collect()
}
