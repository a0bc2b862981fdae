package rtimpl

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"unsafe"

	"github.com/mtgc-dev/mtgc/internal/safeio"
)

// Saved states and replays are decoded as they are read, with limits:
// from a reader capped at the file's limit, each array counted as its
// elements are read (a deck of 21 million cards is refused at its 1001st,
// not after it is decoded), and every slice's elements counted against a
// budget of memory for the whole state.

// MaxStateAlloc bounds the memory the slices of one loaded state may take
// (the sum of their elements' sizes).
const MaxStateAlloc = 256 << 20

// errBudget is wrapped by the error of a state past MaxStateAlloc.
var errBudget = errors.New("too large")

// streamDecoder decodes JSON tokens straight into Go values.
type streamDecoder struct {
	dec  *json.Decoder
	left int64 // bytes of slice elements still allowed
}

func newStreamDecoder(r io.Reader, what string, maxBytes int64) *streamDecoder {
	dec := json.NewDecoder(safeio.NewReader(r, what, maxBytes))
	dec.UseNumber()
	return &streamDecoder{dec: dec, left: MaxStateAlloc}
}

func (d *streamDecoder) token() (json.Token, error) {
	t, err := d.dec.Token()
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return t, err
}

// delim reads the delimiter want.
func (d *streamDecoder) delim(want json.Delim, path string) error {
	t, err := d.token()
	if err != nil {
		return err
	}
	if t != want {
		return fmt.Errorf("%s: want %v, found %v", path, want, t)
	}
	return nil
}

// array reads a JSON array (or null, reporting false), calling each for
// every element with its index; past max elements it stops with an error
// naming what.
func (d *streamDecoder) array(path string, max int, what string, each func(i int) error) (bool, error) {
	t, err := d.token()
	if err != nil {
		return false, err
	}
	if t == nil {
		return false, nil
	}
	if t != json.Delim('[') {
		return false, fmt.Errorf("%s: %v is not an array", path, t)
	}
	for i := 0; d.dec.More(); i++ {
		if i >= max {
			return true, fmt.Errorf("%s: more than %d %s", path, max, what)
		}
		if err := each(i); err != nil {
			return true, err
		}
	}
	return true, d.delim(']', path)
}

// object reads a JSON object, calling field for each key (unknown or
// repeated keys are the caller's to refuse).
func (d *streamDecoder) object(path string, field func(key string) error) error {
	if err := d.delim('{', path); err != nil {
		return err
	}
	for d.dec.More() {
		t, err := d.token()
		if err != nil {
			return err
		}
		key, ok := t.(string)
		if !ok {
			return fmt.Errorf("%s: a key is not a string", path)
		}
		if err := field(key); err != nil {
			return err
		}
	}
	return d.delim('}', path)
}

// value decodes the next JSON value into v, as Save's encoding writes v:
// every field under its Go name, all present, no other.
func (d *streamDecoder) value(v reflect.Value, path string) error {
	if !v.CanSet() {
		v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem() // unexported fields
	}
	switch v.Kind() {
	case reflect.Slice:
		v.SetZero()
		size := int64(v.Type().Elem().Size())
		if size == 0 {
			size = 1
		}
		n := 0
		isArray, err := d.array(path, MaxStateObjects, "elements (the most one list of a state may hold)", func(i int) error {
			if d.left -= size; d.left < 0 {
				return fmt.Errorf("saved game: %s: %w: its slices would take more than %d bytes", path, errBudget, MaxStateAlloc)
			}
			if n == v.Len() {
				if v.Len() == v.Cap() {
					nv := reflect.MakeSlice(v.Type(), v.Len(), max(4, 2*v.Cap()))
					reflect.Copy(nv, v)
					v.Set(nv)
				}
				v.SetLen(n + 1)
			}
			n++
			return d.value(v.Index(i), path+"["+strconv.Itoa(i)+"]")
		})
		if err != nil {
			return err
		}
		if isArray && v.IsNil() {
			v.Set(reflect.MakeSlice(v.Type(), 0, 0))
		}
		return nil
	case reflect.Array:
		isArray, err := d.array(path, v.Len(), "elements", func(i int) error {
			return d.value(v.Index(i), path+"["+strconv.Itoa(i)+"]")
		})
		if err == nil && !isArray {
			err = fmt.Errorf("saved game: %s: null is not a %s", path, v.Type())
		}
		return err
	case reflect.Struct:
		t := v.Type()
		seen := make([]bool, t.NumField())
		err := d.object(path, func(key string) error {
			f, ok := t.FieldByName(key)
			if !ok || len(f.Index) != 1 || notSaved(f.Type) {
				return fmt.Errorf("saved game: %s has fields this runtime does not know (%s)", path, strconv.Quote(key))
			}
			if seen[f.Index[0]] {
				return fmt.Errorf("saved game: %s.%s is given twice", path, key)
			}
			seen[f.Index[0]] = true
			return d.value(v.Field(f.Index[0]), path+"."+key)
		})
		if err != nil {
			return err
		}
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !seen[i] && !notSaved(f.Type) {
				return fmt.Errorf("saved game: %s.%s is missing", path, f.Name)
			}
		}
		return nil
	}
	t, err := d.token()
	if err != nil {
		return err
	}
	bad := func() error { return fmt.Errorf("saved game: %s: %v is not a %s", path, t, v.Type()) }
	switch v.Kind() {
	case reflect.Bool:
		b, ok := t.(bool)
		if !ok {
			return bad()
		}
		v.SetBool(b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, ok := t.(json.Number)
		if !ok {
			return bad()
		}
		i, err := strconv.ParseInt(string(n), 10, 64)
		if err != nil || v.OverflowInt(i) {
			return bad()
		}
		v.SetInt(i)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, ok := t.(json.Number)
		if !ok {
			return bad()
		}
		u, err := strconv.ParseUint(string(n), 10, 64)
		if err != nil || v.OverflowUint(u) {
			return bad()
		}
		v.SetUint(u)
	case reflect.String:
		s, ok := t.(string)
		if !ok {
			return bad()
		}
		if d.left -= int64(len(s)); d.left < 0 {
			return fmt.Errorf("saved game: %s: %w: more than %d bytes", path, errBudget, MaxStateAlloc)
		}
		v.SetString(s)
	default:
		return fmt.Errorf("saved game: %s: can't load a %s", path, v.Kind())
	}
	return nil
}

// end checks that nothing but white space follows the value read.
func (d *streamDecoder) end(what string) error {
	if _, err := d.dec.Token(); err != io.EOF {
		if err == nil {
			return fmt.Errorf("%s: more than one JSON value", what)
		}
		return err
	}
	return nil
}

// plain decodes the next value with encoding/json (for small values: a
// card, an answer), refusing unknown fields.
func (d *streamDecoder) plain(v any) error { return d.dec.Decode(v) }
