//! What a database holds, read from the database itself: its tables and their columns, the
//! migrations applied to it, and its rows one batch at a time. The tools that copy and check
//! whole databases ([`copy_database`](crate::copy_database),
//! [`backup_sqlite`](crate::backup_sqlite)) stand on this; the bot never needs it, so the
//! store's runtime keeps no list of its tables.

use std::collections::BTreeMap;

use rollerball_store::{Backend, Corruption, InvalidInput, Result, StoreError};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// The table in which sqlx records the migrations applied; every rollerball database has it.
pub(crate) const MIGRATIONS_TABLE: &str = "_sqlx_migrations";

/// Every table the migrations create, in an order that respects their foreign keys (a row is
/// copied after the rows it refers to), each with its primary key (the order rows are read in).
/// A game refers to the game it is a rematch of, which is always older, so games in the order
/// of their ids satisfy that key too. `id_counters` holds the next game, challenge and tournament numbers; a tournament's
/// entrants and games follow it (and the players and games they name), as do forecasts,
/// vacation days and analyses (a game's positions after its analysis); the notices held for
/// players name nothing; the event log follows the games its events are about, and its
/// consumers' positions name nothing.
pub(crate) const TABLES: [(&str, &[&str]); 17] = [
    ("players", &["id"]),
    ("servers", &["id"]),
    ("games", &["id"]),
    ("challenges", &["id"]),
    ("moves", &["game_id", "ply"]),
    ("ratings", &["player_id", "scope"]),
    ("id_counters", &["name"]),
    ("tournaments", &["id"]),
    ("tournament_entrants", &["tournament_id", "player_id"]),
    ("tournament_games", &["game_id"]),
    ("forecasts", &["game_id", "player_id", "line_no"]),
    ("vacation_days", &["player_id", "year"]),
    ("analyses", &["game_id"]),
    ("analysis_positions", &["game_id", "ply"]),
    ("held_notices", &["id"]),
    ("events", &["id"]),
    ("event_readers", &["name"]),
];

/// The kind of a column's values, from its declared type: the migrations use only `BIGINT`,
/// `TEXT` and `DOUBLE PRECISION`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A 64-bit integer.
    Int,
    /// Text.
    Text,
    /// A double-precision float.
    Real,
}

impl Kind {
    /// The kind of a declared type, following SQLite's affinity rules (which also read
    /// PostgreSQL's type names right); `None` for a type the copy does not carry.
    fn of_declared(declared: &str) -> Option<Kind> {
        let t = declared.to_ascii_uppercase();
        if t.contains("INT") {
            Some(Kind::Int)
        } else if t.contains("CHAR") || t.contains("TEXT") || t.contains("CLOB") {
            Some(Kind::Text)
        } else if t.contains("REAL") || t.contains("FLOA") || t.contains("DOUB") {
            Some(Kind::Real)
        } else {
            None
        }
    }
}

/// One column of a table: its name and kind (`None`: a type the copy does not carry).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Column {
    pub name: String,
    pub kind: Option<Kind>,
}

/// The tables of a database (in its current schema on PostgreSQL) and their columns, in the
/// order the database lists them.
pub(crate) async fn tables(
    conn: &mut AnyConnection,
    backend: Backend,
) -> Result<BTreeMap<String, Vec<Column>>> {
    let sql = match backend {
        Backend::Sqlite => {
            "SELECT m.name, p.name, p.type FROM sqlite_master AS m, pragma_table_info(m.name) AS p \
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' \
             ORDER BY m.name, p.cid"
        }
        Backend::Postgres => {
            "SELECT CAST(c.table_name AS TEXT), CAST(c.column_name AS TEXT), \
               CAST(c.data_type AS TEXT) \
             FROM information_schema.columns AS c JOIN information_schema.tables AS t \
               ON t.table_schema = c.table_schema AND t.table_name = c.table_name \
             WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' \
             ORDER BY c.table_name, c.ordinal_position"
        }
    };
    let rows = sqlx::query(sql).fetch_all(&mut *conn).await?;
    let mut out: BTreeMap<String, Vec<Column>> = BTreeMap::new();
    for row in rows {
        let table: String = row.try_get(0)?;
        let name: String = row.try_get(1)?;
        let declared: String = row.try_get(2)?;
        out.entry(table).or_default().push(Column {
            name,
            kind: Kind::of_declared(&declared),
        });
    }
    Ok(out)
}

/// The versions of the migrations applied to a database, oldest first; `None` when it has no
/// migrations table at all (not a rollerball database, or an empty one).
pub(crate) async fn applied_migrations(
    conn: &mut AnyConnection,
    tables: &BTreeMap<String, Vec<Column>>,
) -> Result<Option<Vec<i64>>> {
    if !tables.contains_key(MIGRATIONS_TABLE) {
        return Ok(None);
    }
    let sql = format!("SELECT version FROM {MIGRATIONS_TABLE} WHERE success ORDER BY version");
    let rows = sqlx::query(&sql).fetch_all(&mut *conn).await?;
    let versions = rows
        .iter()
        .map(|row| row.try_get::<i64, _>(0))
        .collect::<Result<Vec<i64>, sqlx::Error>>()?;
    Ok(Some(versions))
}

/// How many rows a table holds.
pub(crate) async fn count(conn: &mut AnyConnection, table: &str) -> Result<u64> {
    let sql = format!("SELECT COUNT(*) FROM {table}");
    let n: i64 = sqlx::query(&sql).fetch_one(&mut *conn).await?.try_get(0)?;
    u64::try_from(n).map_err(|_| {
        StoreError::Corrupt(Corruption::OutOfRange {
            what: "row count",
            value: n,
        })
    })
}

/// One value of a row, of its column's kind.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Value {
    /// From an integer column.
    Int(Option<i64>),
    /// From a text column.
    Text(Option<String>),
    /// From a float column.
    Real(Option<f64>),
}

/// A table as the copy reads and writes it: its name, its columns (every one, with a kind) and
/// the positions of its key columns among them.
pub(crate) struct TableShape {
    pub name: &'static str,
    pub columns: Vec<(String, Kind)>,
    pub key: Vec<usize>,
}

impl TableShape {
    /// The shape of `name` with key `key` from its listed columns; an error names a column of a
    /// type the copy cannot carry or a key column that is missing.
    pub fn new(name: &'static str, key: &[&str], columns: &[Column]) -> Result<TableShape> {
        let columns = columns
            .iter()
            .map(|c| match c.kind {
                Some(kind) => Ok((c.name.clone(), kind)),
                None => Err(StoreError::Invalid(InvalidInput::ColumnType {
                    table: name,
                    column: c.name.clone(),
                })),
            })
            .collect::<Result<Vec<_>>>()?;
        let key = key
            .iter()
            .map(|k| {
                columns.iter().position(|(c, _)| c == k).ok_or_else(|| {
                    StoreError::Invalid(InvalidInput::NoColumn {
                        table: name,
                        column: (*k).to_owned(),
                    })
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(TableShape { name, columns, key })
    }

    fn column_list(&self) -> String {
        let names: Vec<&str> = self.columns.iter().map(|(c, _)| c.as_str()).collect();
        names.join(", ")
    }

    /// The next `limit` rows after the key `after` (from the start when `None`), in key order:
    /// keyset paging, so each batch is found through the primary key however far the copy is.
    pub async fn read_batch(
        &self,
        conn: &mut AnyConnection,
        after: Option<&[Value]>,
        limit: usize,
    ) -> Result<Vec<Vec<Value>>> {
        let key_names: Vec<&str> = self
            .key
            .iter()
            .map(|&i| self.columns[i].0.as_str())
            .collect();
        let filter = match after {
            None => String::new(),
            Some(_) => {
                let marks: Vec<String> = (1..=key_names.len()).map(|i| format!("${i}")).collect();
                format!(" WHERE ({}) > ({})", key_names.join(", "), marks.join(", "))
            }
        };
        let sql = format!(
            "SELECT {} FROM {}{filter} ORDER BY {} LIMIT {limit}",
            self.column_list(),
            self.name,
            key_names.join(", ")
        );
        let mut query = sqlx::query(&sql);
        for value in after.unwrap_or_default() {
            query = bind(query, value.clone());
        }
        let rows = query.fetch_all(&mut *conn).await?;
        rows.iter().map(|row| self.values(row)).collect()
    }

    fn values(&self, row: &AnyRow) -> Result<Vec<Value>> {
        self.columns
            .iter()
            .enumerate()
            .map(|(i, (_, kind))| {
                Ok(match kind {
                    Kind::Int => Value::Int(row.try_get(i)?),
                    Kind::Text => Value::Text(row.try_get(i)?),
                    Kind::Real => Value::Real(row.try_get(i)?),
                })
            })
            .collect()
    }

    /// The key of a row read by [`TableShape::read_batch`].
    pub fn key_of(&self, row: &[Value]) -> Vec<Value> {
        self.key.iter().map(|&i| row[i].clone()).collect()
    }

    /// Inserts rows in one statement.
    pub async fn insert(
        &self,
        conn: &mut AnyConnection,
        backend: Backend,
        rows: Vec<Vec<Value>>,
    ) -> Result<()> {
        if rows.is_empty() {
            return Ok(());
        }
        let width = self.columns.len();
        // SQLite looks each numbered parameter up by name in a list, which makes binding
        // thousands of `$N` quadratic; plain `?` marks are bound by position alone.
        let mark = |n: usize| match backend {
            Backend::Sqlite => "?".to_owned(),
            Backend::Postgres => format!("${n}"),
        };
        let groups: Vec<String> = (0..rows.len())
            .map(|r| {
                let marks: Vec<String> = (1..=width).map(|c| mark(r * width + c)).collect();
                format!("({})", marks.join(", "))
            })
            .collect();
        let sql = format!(
            "INSERT INTO {} ({}) VALUES {}",
            self.name,
            self.column_list(),
            groups.join(", ")
        );
        let mut query = sqlx::query(&sql);
        for value in rows.into_iter().flatten() {
            query = bind(query, value);
        }
        query.execute(&mut *conn).await?;
        Ok(())
    }
}

/// A statement of the copy, its values bound one by one.
type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>;

fn bind(query: AnyQuery<'_>, value: Value) -> AnyQuery<'_> {
    match value {
        Value::Int(v) => query.bind(v),
        Value::Text(v) => query.bind(v),
        Value::Real(v) => query.bind(v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_types_have_kinds() {
        assert_eq!(Kind::of_declared("BIGINT"), Some(Kind::Int));
        assert_eq!(Kind::of_declared("bigint"), Some(Kind::Int));
        assert_eq!(Kind::of_declared("TEXT"), Some(Kind::Text));
        assert_eq!(Kind::of_declared("character varying"), Some(Kind::Text));
        assert_eq!(Kind::of_declared("DOUBLE PRECISION"), Some(Kind::Real));
        assert_eq!(Kind::of_declared("double precision"), Some(Kind::Real));
        assert_eq!(Kind::of_declared("BLOB"), None);
        assert_eq!(Kind::of_declared("boolean"), None);
    }
}
