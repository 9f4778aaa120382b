// vs_2_0: comment blocks: empty, one dword, text, between instructions and at the end.
vs_2_0
comment
dcl_position v0
comment 0x74786574
mov r0, v0
comment 0x6c6c6548, 0x6f77206f, 0x00646c72,
        0x00000000
mov oPos, r0
comment 0xffffffff
