/// An error of one of the toolkit's host libraries whose description tells the user what to do next;
/// `hatchctl` reports it as it is and exits with the status of an invalid argument.
package protocol UserFacingError: Error, CustomStringConvertible {}
