//! Seats: each reads back from its letter.

use ddz_core::game::Seat;

#[test]
fn a_seat_reads_back_from_its_letter() {
    for seat in Seat::ALL {
        assert_eq!(seat.to_string().parse::<Seat>(), Ok(seat));
        assert_eq!(seat.to_string().to_lowercase().parse::<Seat>(), Ok(seat));
    }
    for bad in ["", "D", "AB", " A", "西"] {
        let e = bad.parse::<Seat>().unwrap_err().to_string();
        assert_eq!(e, format!("'{}' is not a seat (A, B or C)", bad));
    }
}
