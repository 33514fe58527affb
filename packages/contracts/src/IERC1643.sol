// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// @notice ERC-1643 (document management), as the ERC's text declares it: a token names its
/// offering documents (prospectus, terms) by a bytes32 name, with where to read each and the hash
/// of its bytes. Written from the ERC's text (docs/decisions/0073).
interface IERC1643 {
    event DocumentRemoved(bytes32 indexed _name, string _uri, bytes32 _documentHash);
    event DocumentUpdated(bytes32 indexed _name, string _uri, bytes32 _documentHash);

    function getDocument(bytes32 _name) external view returns (string memory, bytes32, uint256);
    function setDocument(bytes32 _name, string calldata _uri, bytes32 _documentHash) external;
    function removeDocument(bytes32 _name) external;
    function getAllDocuments() external view returns (bytes32[] memory);
}
