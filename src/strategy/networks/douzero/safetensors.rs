//! The safetensors format, read: the field's weight format (Hugging Face's), an 8-byte
//! little-endian header length, a JSON header naming each tensor's dtype, shape and byte range,
//! then the raw little-endian data. The header is read with `serde_json`, which the binary
//! already has; no crate of safetensors' own is needed for a reader this small.
//!
//! Every refusal names the file, and the tensor where one is at fault.

use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt;

/// The largest header read: the safetensors crate's own limit (100 MB), so a length field of
/// garbage is refused before anything that size is looked at.
const MAX_HEADER: u64 = 100_000_000;

/// An element type a tensor may hold (those this reader reads; any other is refused by name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dtype {
    /// `F32`: 32-bit floats, as DouZero's weights are.
    F32,
    /// `I64`: 64-bit integers (the parity arrays' offsets).
    I64,
}

impl Dtype {
    fn bytes(self) -> usize {
        match self {
            Dtype::F32 => 4,
            Dtype::I64 => 8,
        }
    }
}

/// One tensor of a file: its shape and its bytes.
#[derive(Clone, Debug)]
pub(crate) struct Tensor {
    pub(crate) dtype: Dtype,
    pub(crate) shape: Vec<usize>,
    data: Vec<u8>,
}

impl Tensor {
    /// The values, for an `F32` tensor.
    pub(crate) fn f32s(&self) -> Option<Vec<f32>> {
        (self.dtype == Dtype::F32).then(|| {
            self.data
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect()
        })
    }

    /// The values, for an `I64` tensor.
    pub(crate) fn i64s(&self) -> Option<Vec<i64>> {
        (self.dtype == Dtype::I64).then(|| {
            self.data
                .chunks_exact(8)
                .map(|b| i64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]))
                .collect()
        })
    }
}

/// A safetensors file refused: which file, which tensor (when one is at fault), and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TensorFileError {
    /// The file.
    pub path: String,
    /// The tensor at fault, if one is.
    pub tensor: Option<String>,
    /// What is wrong.
    pub why: String,
}

impl fmt::Display for TensorFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.tensor {
            Some(t) => write!(f, "'{}': tensor '{}': {}", self.path, t, self.why),
            None => write!(f, "'{}': {}", self.path, self.why),
        }
    }
}

impl std::error::Error for TensorFileError {}

/// The tensors of a safetensors file, by name.
#[derive(Debug)]
pub(crate) struct TensorFile {
    pub(crate) path: String,
    tensors: BTreeMap<String, Tensor>,
}

impl TensorFile {
    /// Reads the file at `path`.
    pub(crate) fn read(path: &str) -> Result<TensorFile, TensorFileError> {
        let bytes = std::fs::read(path).map_err(|e| TensorFileError {
            path: path.to_string(),
            tensor: None,
            why: format!("cannot read it: {}", e),
        })?;
        TensorFile::parse(path, &bytes)
    }

    /// The tensors in `bytes`, read as the file `path`.
    pub(crate) fn parse(path: &str, bytes: &[u8]) -> Result<TensorFile, TensorFileError> {
        let fail = |tensor: Option<&str>, why: String| TensorFileError {
            path: path.to_string(),
            tensor: tensor.map(str::to_string),
            why,
        };
        if bytes.len() < 8 {
            return Err(fail(None, "too short for a safetensors file".to_string()));
        }
        let mut length = [0u8; 8];
        length.copy_from_slice(&bytes[..8]);
        let length = u64::from_le_bytes(length);
        let rest = (bytes.len() - 8) as u64;
        if length > MAX_HEADER || length > rest {
            return Err(fail(
                None,
                format!(
                    "the header says {} bytes, the file has {} after the length: \
                     truncated, or no safetensors file",
                    length, rest
                ),
            ));
        }
        let (header, data) = bytes[8..].split_at(length as usize);
        let header: Value = serde_json::from_slice(header)
            .map_err(|e| fail(None, format!("the header is no JSON: {}", e)))?;
        let entries = header
            .as_object()
            .ok_or_else(|| fail(None, "the header is no JSON object".to_string()))?;
        let mut tensors = BTreeMap::new();
        for (name, entry) in entries {
            if name == "__metadata__" {
                continue;
            }
            let tensor = read_tensor(entry, data).map_err(|why| fail(Some(name), why))?;
            tensors.insert(name.clone(), tensor);
        }
        Ok(TensorFile {
            path: path.to_string(),
            tensors,
        })
    }

    /// The tensor `name`, which must be there.
    pub(crate) fn get(&self, name: &str) -> Result<&Tensor, TensorFileError> {
        self.tensors
            .get(name)
            .ok_or_else(|| self.error(name, "missing"))
    }

    /// The `F32` tensor `name` of shape `shape`, its values in order.
    pub(crate) fn f32s(&self, name: &str, shape: &[usize]) -> Result<Vec<f32>, TensorFileError> {
        let tensor = self.get(name)?;
        if tensor.shape != shape {
            let why = format!("shape {:?}, expected {:?}", tensor.shape, shape);
            return Err(self.error(name, &why));
        }
        tensor.f32s().ok_or_else(|| {
            let why = format!("dtype {:?}, expected F32", tensor.dtype);
            self.error(name, &why)
        })
    }

    /// The names of the tensors, in order.
    #[cfg(test)]
    pub(crate) fn names(&self) -> impl Iterator<Item = &str> {
        self.tensors.keys().map(String::as_str)
    }

    /// An error naming this file and the tensor `name`.
    pub(crate) fn error(&self, name: &str, why: &str) -> TensorFileError {
        TensorFileError {
            path: self.path.clone(),
            tensor: Some(name.to_string()),
            why: why.to_string(),
        }
    }
}

/// One header entry, `{"dtype": "F32", "shape": [..], "data_offsets": [begin, end]}`, with its
/// bytes out of `data`.
fn read_tensor(entry: &Value, data: &[u8]) -> Result<Tensor, String> {
    let dtype = match entry.get("dtype").and_then(Value::as_str) {
        Some("F32") => Dtype::F32,
        Some("I64") => Dtype::I64,
        Some(other) => return Err(format!("dtype {}, expected F32", other)),
        None => return Err("no dtype".to_string()),
    };
    let numbers = |key: &str| -> Result<Vec<usize>, String> {
        let list = entry
            .get(key)
            .and_then(Value::as_array)
            .ok_or_else(|| format!("no {} list", key))?;
        list.iter()
            .map(|v| v.as_u64().and_then(|n| usize::try_from(n).ok()))
            .collect::<Option<Vec<usize>>>()
            .ok_or_else(|| format!("{} holds something other than whole numbers", key))
    };
    let shape = numbers("shape")?;
    let offsets = numbers("data_offsets")?;
    let (begin, end) = match offsets[..] {
        [begin, end] if begin <= end && end <= data.len() => (begin, end),
        _ => {
            return Err(format!(
                "data_offsets {:?} outside the {} bytes of data: truncated file?",
                offsets,
                data.len()
            ))
        }
    };
    let elements = shape
        .iter()
        .try_fold(1usize, |n, &d| n.checked_mul(d))
        .ok_or_else(|| "a shape too large".to_string())?;
    if elements.checked_mul(dtype.bytes()) != Some(end - begin) {
        return Err(format!(
            "shape {:?} of {:?} needs {} bytes, the file gives {}",
            shape,
            dtype,
            elements.saturating_mul(dtype.bytes()),
            end - begin
        ));
    }
    Ok(Tensor {
        dtype,
        shape,
        data: data[begin..end].to_vec(),
    })
}

/// A safetensors file of `F32` tensors (name, shape, values), written as the format says: for
/// tests, which read it back with [`TensorFile::parse`].
#[cfg(test)]
pub(crate) fn write_f32(tensors: &[(&str, Vec<usize>, Vec<f32>)]) -> Vec<u8> {
    let mut header = serde_json::Map::new();
    let mut data = Vec::new();
    for (name, shape, values) in tensors {
        let begin = data.len();
        for v in values {
            data.extend_from_slice(&v.to_le_bytes());
        }
        header.insert(
            name.to_string(),
            serde_json::json!({"dtype": "F32", "shape": shape, "data_offsets": [begin, data.len()]}),
        );
    }
    let header = Value::Object(header).to_string().into_bytes();
    let mut out = (header.len() as u64).to_le_bytes().to_vec();
    out.extend_from_slice(&header);
    out.extend_from_slice(&data);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_file_reads_back_and_damage_is_named() {
        let bytes = write_f32(&[
            ("a", vec![2, 3], (0..6).map(|i| i as f32 * 0.5).collect()),
            ("b", vec![1], vec![-1.25]),
        ]);
        let file = TensorFile::parse("w.safetensors", &bytes).unwrap();
        assert_eq!(file.names().collect::<Vec<_>>(), ["a", "b"]);
        assert_eq!(file.f32s("a", &[2, 3]).unwrap()[5], 2.5);
        assert_eq!(file.f32s("b", &[1]).unwrap(), [-1.25]);

        let wrong_shape = file.f32s("a", &[3, 2]).unwrap_err();
        assert_eq!(wrong_shape.tensor.as_deref(), Some("a"));
        assert!(wrong_shape.to_string().contains("'w.safetensors'"));
        let missing = file.f32s("c", &[1]).unwrap_err().to_string();
        assert!(missing.contains("tensor 'c': missing"), "{}", missing);

        // Cut short: the last tensor's bytes are gone, and it is the one named.
        let cut = TensorFile::parse("w.safetensors", &bytes[..bytes.len() - 2]).unwrap_err();
        assert_eq!(cut.tensor.as_deref(), Some("b"), "{}", cut);
        // Cut inside the header, or no header at all.
        assert!(TensorFile::parse("w", &bytes[..20])
            .unwrap_err()
            .tensor
            .is_none());
        assert!(TensorFile::parse("w", b"abc").is_err());
        let garbage = TensorFile::parse("w", &[0xff; 64]).unwrap_err();
        assert!(garbage.to_string().contains("truncated"), "{}", garbage);
    }

    #[test]
    fn another_dtype_is_refused_by_name() {
        let header = br#"{"h": {"dtype": "F16", "shape": [2], "data_offsets": [0, 4]}}"#;
        let mut bytes = (header.len() as u64).to_le_bytes().to_vec();
        bytes.extend_from_slice(header);
        bytes.extend_from_slice(&[0; 4]);
        let e = TensorFile::parse("half.safetensors", &bytes).unwrap_err();
        assert_eq!(e.tensor.as_deref(), Some("h"));
        assert!(e.why.contains("F16"), "{}", e);
    }
}
